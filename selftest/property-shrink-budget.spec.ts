import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { assertProperty } from '../helpers/assert/property.js';
import { verify } from '../helpers/assert/verify.js';
import { HttpClient } from '../helpers/clients/http.js';
import { runSuite } from '../embedded/run-suite.js';
import { caseGrep } from '../embedded/requirement-grep.js';
import { TEST_HELPERS_PREFIX } from '../spec/paths.js';
import { patient } from '../helpers/target/patience.js';

/**
 * A property against a server bounds its shrinking by a budget of time and requests and says what
 * it spent; a decisive counterexample is not shrunk; the replay line a failure prints gives the
 * same counterexample again. The budgets here are counted in requests, which a server can count
 * too: no assertion waits on the clock.
 */

interface CountingServer {
  url: string;
  received: () => number;
  close: () => Promise<void>;
}

/** A server that answers every request with `{}` and counts them: what a property really sent. */
async function countingServer(): Promise<CountingServer> {
  let received = 0;
  const server = createServer((_request, response) => {
    received += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    // Under the test helpers' prefix: the observed profile leaves these exchanges out.
    url: `http://127.0.0.1:${port}${TEST_HELPERS_PREFIX}/count`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** The message a property's failure throws (it must fail). */
async function failureOf(check: () => Promise<void>): Promise<string> {
  try {
    await check();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('the property passed, where every run of it fails');
}

/** A line of a property's report, by how it starts (a nested run's message puts `Error: ` first). */
function lineOf(message: string, start: string): string {
  const lines = message.split('\n').map((line) => line.replace(/^Error: /, ''));
  return lines.find((line) => line.startsWith(start)) ?? `(no line "${start}")`;
}

test.describe('a property against a server: shrinking within its budget', () => {
  let http: HttpClient;
  let server: CountingServer;
  test.beforeEach(async () => {
    http = new HttpClient({ quiet: true, recordsOrigins: false });
    server = await countingServer();
  });
  test.afterEach(async () => {
    await http.close();
    await server.close();
  });

  const send = async (count: number): Promise<void> => {
    for (let sent = 0; sent < count; sent += 1) await http.send({ method: 'GET', url: server.url });
  };

  test('shrinking stops at its request budget, no request sent past it, and the failure says what it spent', async () => {
    // Thirty numbers to shrink each toward 1: hundreds of steps, three requests each.
    const message = await failureOf(() =>
      assertProperty(
        'always fails',
        fc.asyncProperty(
          fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 30, maxLength: 30 }),
          async () => {
            await send(3);
            throw new Error('every run fails');
          },
        ),
        { runs: 5, shrink: { seconds: 600, requests: 30 } },
      ),
    );
    expect(lineOf(message, 'Property "always fails" failed after 1 run(s)')).toContain('and 3 request(s)');
    expect(lineOf(message, 'Shrunk')).toContain(
      'within its budget of 600 s and 30 requests: ' /* then its time and requests */,
    );
    expect(lineOf(message, 'Shrunk')).toContain(
      'stopped by the shrink budget of 600 s and 30 requests: its 30 requests sent',
    );
    expect(lineOf(message, 'In all:')).toMatch(/ and 33 request\(s\)\.$/);
    expect(server.received(), 'the requests the server met: the first run and the budget').toBe(33);
    expect(lineOf(message, 'Counterexample')).toContain('(the smallest found within the budget)');
    expect(lineOf(message, 'Replay it: FC_SEED=')).toMatch(/FC_PATH=\d+(:\d+)+/);
    expect(lineOf(message, 'Shrink it in full: FC_SEED=')).toContain('FC_SHRINK=full');
  });

  test('a decisive counterexample is reported as found, not shrunk', async () => {
    const message = await failureOf(() =>
      assertProperty(
        'loses ads',
        fc.asyncProperty(fc.array(fc.nat(), { minLength: 5 }), async () => {
          await send(2);
          verify(false, {
            ids: ['R4.4-02'],
            expected: 'all 3 ads',
            observed: '2 missing',
            decisive: 'ads lost (2 of 3)',
          });
        }),
        { runs: 5, shrink: { seconds: 600, requests: 1_000 } },
      ),
    );
    expect(lineOf(message, 'Not shrunk:'), message).toContain(
      'one counterexample is decisive, ads lost (2 of 3)',
    );
    expect(lineOf(message, 'In all:')).toMatch(/ and 2 request\(s\)\.$/);
    expect(server.received()).toBe(2);
    expect(message).toContain('Observed: 2 missing');
  });
});

/** The fault of a listing that ends after its second page, though more ads remain. */
const FAULT = 'listing-next-token-lost-after-first-page';
const PROPERTY = caseGrep(['listing-crawl-property']);

test("the listing crawl's property against a faulty sandbox: it fails within its budget, and its replay line gives the same counterexample", async () => {
  test.setTimeout(patient(180_000));
  const first = await runSuite({ faults: [FAULT], grep: PROPERTY, timeoutMs: 120_000 });
  const found = first.tests[0];
  expect(found?.status, first.output.slice(-2000)).toBe('failed');
  const message = found?.message ?? '';
  expect(message).toContain('[R4.4-02');
  expect(lineOf(message, 'Not shrunk:')).toContain('one counterexample is decisive, ads lost (');
  expect(lineOf(message, 'In all:')).toMatch(/^In all: \d+\.\d s and \d+ request\(s\)\.$/);
  const replay = lineOf(message, 'Replay it:');
  expect(replay).toContain(`SANDBOX_FAULTS='${FAULT}'`);
  const [, seed, path] = /FC_SEED=(\d+) FC_PATH=([\d:]+)/.exec(replay) ?? [];
  expect(seed, replay).toBeDefined();
  const again = await runSuite({
    faults: [FAULT],
    grep: PROPERTY,
    timeoutMs: 120_000,
    env: { FC_SEED: seed ?? '', FC_PATH: path ?? '' },
  });
  const replayed = again.tests[0]?.message ?? '';
  expect(again.tests[0]?.status, again.output.slice(-2000)).toBe('failed');
  for (const start of ['Counterexample', 'Observed:', 'Not shrunk:'])
    expect(lineOf(replayed, start), start).toBe(lineOf(message, start));
  expect(lineOf(replayed, 'Property "listing crawl"'), `the counterexample first:\n${replayed}`).toContain(
    'failed after 1 run(s)',
  );
});
