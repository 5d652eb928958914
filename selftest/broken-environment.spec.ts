import { createServer } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { BrokenEnvironmentError } from '../helpers/target/broken-environment.js';
import { HttpClient } from '../helpers/clients/http.js';
import { requirementGrep } from '../embedded/requirement-grep.js';
import { runSuite } from '../embedded/run-suite.js';
import { startSandbox } from '../sandbox/start.js';
import { listenOnLoopback, type ListeningServer } from './support/listen.js';
import { patient } from '../helpers/target/patience.js';

/**
 * "Broken is not failed": a target that is down, silent, untrusted or hidden behind a gateway's
 * error page makes tests broken with a one-line cause; a target that answers wrongly still fails
 * them as non-conforming.
 */

type Answer = (url: string) => { status: number; type: string; body: string } | null;

async function serve(answer: Answer): Promise<ListeningServer> {
  return listenOnLoopback(
    createServer((request, response) => {
      const reply = answer(request.url ?? '/');
      if (reply === null) return; // never answers: a silent target
      response.writeHead(reply.status, { 'content-type': reply.type }).end(reply.body);
    }),
  );
}

const GATEWAY_PAGE = '<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>';

/** The workers that ran the tests of a Playwright JSON report (-1: reported by the runner itself). */
function workerIndexes(json: string): number[] {
  const indexes = new Set<number>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    const index = (node as { workerIndex?: unknown }).workerIndex;
    if (typeof index === 'number') indexes.add(index);
    for (const value of Object.values(node)) visit(value);
  };
  visit(JSON.parse(json));
  return [...indexes];
}

async function brokenCause(send: () => Promise<unknown>): Promise<string | null> {
  try {
    await send();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(BrokenEnvironmentError);
    return (error as Error).message;
  }
}

test.describe('broken environment: the HTTP client', () => {
  test('refused, silent, gateway page and untrusted TLS are broken, each with a one-line cause', async () => {
    const http = new HttpClient({ timeoutMs: 500 });
    const silent = await serve(() => null);
    const gateway = await serve(() => ({ status: 502, type: 'text/html', body: GATEWAY_PAGE }));
    const sandbox = await startSandbox({});
    try {
      const causes = [
        await brokenCause(() => http.send({ method: 'GET', url: 'http://127.0.0.1:1/oauth/token?code=x' })),
        await brokenCause(() => http.send({ method: 'GET', url: `${silent.url}/x` })),
        await brokenCause(() => http.send({ method: 'GET', url: `${gateway.url}/autoupload/v1/published` })),
        await brokenCause(() => http.send({ method: 'GET', url: `${sandbox.authUrl}/oauth/token` })),
      ];
      expect(causes).toEqual([
        expect.stringMatching(/^could not reach http:\/\/127\.0\.0\.1:1\/oauth\/token: connection refused/),
        expect.stringMatching(/^could not reach .*\/x: no answer in time/),
        expect.stringMatching(
          /answered 502 with an HTML page \(a proxy or gateway, not the API\)(; not sent again: .+)?$/,
        ),
        expect.stringMatching(/^could not reach https:.*: TLS failed/),
      ]);
      for (const cause of causes) expect(cause).not.toContain('\n');
      expect(causes[0]).not.toContain('code=x');
    } finally {
      await Promise.all([http.close(), silent.close(), gateway.close(), sandbox.close()]);
    }
  });

  test('a wrong answer is not broken: JSON 503, HTML 500, a 200 that is not JSON', async () => {
    const http = new HttpClient({});
    const wrong = await serve((url) =>
      url === '/json503'
        ? { status: 503, type: 'application/json', body: '{"reason":"RATE_LIMIT"}' }
        : url === '/html500'
          ? { status: 500, type: 'text/html', body: '<h1>oops</h1>' }
          : { status: 200, type: 'text/plain', body: 'hello' },
    );
    try {
      for (const path of ['/json503', '/html500', '/plain200']) {
        const exchange = await http.send({ method: 'GET', url: `${wrong.url}${path}` });
        expect(exchange.response.status).toBeGreaterThan(0);
      }
    } finally {
      await Promise.all([http.close(), wrong.close()]);
    }
  });
});

test.describe('broken environment: a run of the suite', () => {
  // One after another in one worker: the wall time printed for a dead target is then that run's,
  // not that of two nested runs sharing the machine's two cores (a failure still lets the next run).
  test.describe.configure({ timeout: patient(240_000), mode: 'default' });

  test('against closed ports, every test of the suite is broken with one cause, in Allure and JUnit, and the run fails', async () => {
    const reportsDir = mkdtempSync(join(tmpdir(), 'conformance-broken-'));
    try {
      const started = performance.now();
      const run = await runSuite({
        workers: 2,
        env: {
          TARGET_AUTH_URL: 'http://127.0.0.1:1',
          TARGET_APPS_URL: 'http://127.0.0.1:1',
          SANDBOX_CONTROL_KEY: 'unused',
        },
        reportsDir,
        timeoutMs: 200_000,
      });
      // Printed, not asserted (figures belong to bench/): a dead target is reported in seconds.
      console.log(
        `dead target: ${run.tests.length} tests reported in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      expect(run.exitCode).not.toBe(0);
      expect(run.tests.length).toBeGreaterThan(100);
      // One cause for the whole run, naming the server (the preflight's first).
      expect(new Set(run.tests.map((verdict) => verdict.message)).size).toBe(1);
      // Declared broken at load, so the runner reported them without a worker (what makes it fast):
      // a test declared without covers() or advisory() would be stopped in a worker instead.
      expect(workerIndexes(readFileSync(join(reportsDir, 'results.json'), 'utf8'))).toEqual([-1]);
      const junit = readFileSync(join(reportsDir, 'junit.xml'), 'utf8');
      expect(junit).toMatch(new RegExp(`<testsuites [^>]*errors="${run.tests.length}"`));
      expect(junit).not.toContain('<skipped');
      for (const verdict of run.tests) {
        expect(verdict.status).toBe('failed');
        expect(verdict.message).toMatch(
          /^Broken environment: could not reach http:\/\/127\.0\.0\.1:1\/\S+: connection refused/,
        );
      }
      const allure = readdirSync(join(reportsDir, 'allure-results'))
        .filter((name) => name.endsWith('-result.json'))
        .map(
          (name) =>
            JSON.parse(readFileSync(join(reportsDir, 'allure-results', name), 'utf8')) as {
              status: string;
              statusDetails: { message: string; trace: string };
            },
        );
      expect(allure.length).toBe(run.tests.length);
      for (const result of allure) {
        expect(result.status).toBe('broken');
        expect(result.statusDetails.message).not.toContain('\n');
        expect(result.statusDetails.trace).not.toMatch(/\bat \S+:\d+/);
      }
    } finally {
      rmSync(reportsDir, { recursive: true, force: true });
    }
  });

  test('behind a gateway answering an HTML 502, every test is broken with that cause', async () => {
    const gateway = await serve(() => ({ status: 502, type: 'text/html', body: GATEWAY_PAGE }));
    try {
      const run = await runSuite({
        files: ['suites/token/exchange.spec.ts'],
        grep: requirementGrep(['R4.2-01']), // served over HTTPS
        env: { TARGET_AUTH_URL: gateway.url, TARGET_APPS_URL: gateway.url, SANDBOX_CONTROL_KEY: 'unused' },
        timeoutMs: 200_000,
      });
      expect(run.tests.length).toBe(1);
      expect(run.tests[0]?.message).toMatch(
        /^Broken environment: http:\/\/127\.0\.0\.1:\d+\/\S+ answered 502 with an HTML page/,
      );
    } finally {
      await gateway.close();
    }
  });

  test('a non-conforming answer stays a conformance failure, not broken', async () => {
    const run = await runSuite({
      faults: ['token-pragma-missing'],
      grep: requirementGrep(['R7.2-02']), // every refusal carries Content-Type, Cache-Control and Pragma
      timeoutMs: 200_000,
    });
    expect(run.tests.map((verdict) => verdict.status)).toEqual(['failed']);
    expect(run.tests[0]?.message).not.toMatch(/^Broken environment/);
    expect(run.tests[0]?.message).toMatch(/R7\.2-0\d/);
  });
});
