import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { ENDPOINT_NAMES, fuzzCases } from './fuzz/cases.js';
import { startSandboxProcess, type SandboxProcess } from './fuzz/sandbox-process.js';
import { seedWorld, type FuzzWorld } from './fuzz/seed.js';
import { sendCase } from './fuzz/send.js';
import { snapshotOf, type Snapshot } from './fuzz/snapshot.js';
import { verdict } from './fuzz/verdict.js';
import { assertProperty } from '../helpers/assert/property.js';
import { redactText } from '../helpers/report/redact.js';
import { buildAppsServer } from '../sandbox/apps-server.js';
import { switchRegistry } from '../sandbox/rule-switches.js';
import { RulesInForce } from '../sandbox/rules/in-force.js';
import { createState } from '../sandbox/state/sandbox-state.js';
import { patient } from '../helpers/target/patience.js';

/**
 * The sandbox under bad input, since it may run on a shared host: every endpoint gets malformed requests (wrong types,
 * missing and repeated fields, huge strings, invalid UTF-8, wrong content types, bodies, headers
 * and URLs beyond the limits, odd path ids and query strings). Each answer must be a 4xx in the
 * endpoint's own error format, never a 5xx or a dropped connection; the sandbox process must
 * survive; the data seeded before must be intact. FC_RUNS sets the runs per endpoint.
 */
const RUNS_PER_ENDPOINT = 40;

test.describe.configure({ mode: 'default' });

test.describe('the sandbox under malformed input', () => {
  let sandbox: SandboxProcess;
  let world: FuzzWorld;
  let before: Snapshot;

  test.beforeAll(async () => {
    test.setTimeout(patient(60_000));
    sandbox = await startSandboxProcess();
    world = await seedWorld(sandbox);
    before = await snapshotOf(world);
  });

  test.afterAll(async () => {
    await sandbox.stop();
  });

  for (const endpoint of ENDPOINT_NAMES) {
    test(`malformed requests to ${endpoint} get a 4xx in its own format`, async () => {
      test.setTimeout(patient(120_000));
      const statuses = new Map<number, number>();
      await assertProperty(
        `sandbox fuzz ${endpoint}`,
        fc.asyncProperty(fuzzCases(endpoint), async (fuzzCase) => {
          const outcome = await sendCase(world, fuzzCase);
          const crash = sandbox.exit();
          if (crash !== null) throw new Error(`${crash}\n${redactText(sandbox.stderr())}`);
          if (!outcome.answered) throw new Error(`no answer: ${outcome.reason}`);
          statuses.set(outcome.response.status, (statuses.get(outcome.response.status) ?? 0) + 1);
          const problems = verdict(
            fuzzCase.format,
            fuzzCase.method,
            outcome.response,
            world.owner.redirectUri,
          );
          if (problems.length > 0)
            throw new Error(
              redactText(
                `HTTP ${outcome.response.status}: ${problems.join('; ')}\nbody: ${outcome.response.body.toString('utf8').slice(0, 300)}`,
              ),
            );
        }),
        // A step is one request to the sandbox.
        { runs: RUNS_PER_ENDPOINT, shrink: { seconds: 30, requests: 1_000 } },
      );
      // What the runs reached, so that a fuzz stuck on one refusal shows.
      const seen = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}x${count}`);
      console.log(`[sandbox fuzz] ${endpoint}: answers ${seen.join(' ')}`);
      test.info().annotations.push({ type: 'answers', description: seen.join(' ') });
      expect(await snapshotOf(world), 'the seeded data after the fuzz').toEqual(before);
    });
  }

  test('after the fuzz the process runs, logged no bug, and the seeded user still logs in', async () => {
    expect(sandbox.exit()).toBeNull();
    expect(redactText(sandbox.stderr()).trim()).toBe('');
    expect(await snapshotOf(world, { freshLogin: true })).toEqual(before);
  });
});

test.describe('the last-resort error handler', () => {
  const bug = (): never => {
    throw new TypeError('a genuine bug');
  };

  test('a route that throws answers 500 in its endpoint format and logs the bug', async () => {
    const rules = new RulesInForce();
    const state = createState(() => rules.current);
    const apps = buildAppsServer({ state, rules, switches: switchRegistry(rules) }, null, {
      logRequests: false,
    });
    apps.post('/autoupload/car_info/1/2/3', bug);
    apps.post('/oauth_api/basic_user_info/bug', bug);
    const logged: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = (chunk: string | Uint8Array): boolean => logged.push(String(chunk)) > 0;
    try {
      const catalog = await apps.inject({ method: 'POST', url: '/autoupload/car_info/1/2/3' });
      expect([catalog.statusCode, catalog.json()]).toEqual([
        500,
        { status: 'error', reason: 'UNEXPECTED_INTERNAL_ERROR', message: expect.any(String) },
      ]);
      const info = await apps.inject({ method: 'POST', url: '/oauth_api/basic_user_info/bug' });
      expect([info.statusCode, info.json()]).toEqual([
        500,
        { reason: 'UNEXPECTED_INTERNAL_ERROR', message: 'Unexpected internal error. Try again later' },
      ]);
    } finally {
      process.stderr.write = write;
      await apps.close();
      await state.deliverer.close();
    }
    expect(logged.join('')).toContain('sandbox: unexpected error on POST /autoupload/car_info/1/2/3');
  });
});
