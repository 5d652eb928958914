import { expect, test } from '@playwright/test';
import {
  DEFAULT_DELIVERY_POLICY,
  type DeliveryPolicyValues,
} from '../sandbox/notifications/delivery-settings.js';
import { deliverySwitches } from '../sandbox/notifications/switches.js';
import { startSandbox, type StartedSandbox } from '../sandbox/start.js';
import { sleep } from './support/hostile.js';
import {
  changeStatus,
  configureHook,
  CONTROL_KEY,
  deliveryLog,
  DeliveryReceiver,
  hookUser,
  type Answering,
} from './support/delivery-receiver.js';

/**
 * The delivery policy (docs/sandbox-deliveries.md): its default, each of its run-time switches, and
 * what the delivery log says of each attempt. Each test starts a sandbox and a receiver of its own.
 */
const ADS = [{ id: 'policy-ad', list_id: '7000000456', status: 'pending_review' }];

async function withSandbox(
  answering: Answering,
  policy: Partial<DeliveryPolicyValues>,
  run: (context: { sandbox: StartedSandbox; receiver: DeliveryReceiver; url: string }) => Promise<void>,
): Promise<void> {
  const sandbox = await startSandbox({ controlKey: CONTROL_KEY, delivery: policy });
  const receiver = new DeliveryReceiver(answering);
  try {
    await run({ sandbox, receiver, url: await receiver.start() });
  } finally {
    await Promise.all([sandbox.close(), receiver.stop()]);
  }
}

/** Sets one switch by name, as the control API will. */
function setSwitch(sandbox: StartedSandbox, name: string, value: unknown): void {
  const found = deliverySwitches(sandbox.state.deliverer.settings).find((one) => one.name === name);
  if (found === undefined) throw new Error(`set-up: no switch ${name}`);
  found.set(value);
}

test.describe('the delivery policy', () => {
  test('a receiver answering in 3 s gets exactly one attempt under the default policy, logged delivered', async () => {
    await withSandbox(
      () => ({ status: 200, afterMs: 3_000 }),
      {},
      async ({ sandbox, receiver, url }) => {
        const who = hookUser(sandbox, ADS);
        await configureHook(sandbox, who, `${url}/slow`, 'slow-token');
        await changeStatus(sandbox, who, 'policy-ad', 'published');
        const log = await deliveryLog(sandbox, who);
        // Past the earlier policy's 2 s timeout and first retry, and past this answer.
        await sleep(500);
        expect(receiver.arrivals.length, 'attempts the receiver saw').toBe(1);
        expect(log).toEqual([expect.objectContaining({ attempt: 1, outcome: 'delivered', status: 200 })]);
      },
    );
  });

  test('a 5xx is retried with the pauses of the policy, each attempt logged failed', async () => {
    await withSandbox(
      () => ({ status: 503 }),
      { retries: 2, backoffMs: [150] },
      async ({ sandbox, receiver, url }) => {
        const who = hookUser(sandbox, ADS);
        await configureHook(sandbox, who, `${url}/failing`, 'failing-token');
        await changeStatus(sandbox, who, 'policy-ad', 'published');
        const arrivals = await receiver.waitFor('/failing', 3);
        await sleep(500);
        expect(receiver.arrivals.length, 'one attempt and two retries').toBe(3);
        const [first, second, third] = arrivals.map((one) => one.atMs);
        expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(140);
        expect((third ?? 0) - (second ?? 0), 'the last pause repeats').toBeGreaterThanOrEqual(140);
        const log = await deliveryLog(sandbox, who, 3);
        expect(log.map((entry) => [entry.attempt, entry.outcome, entry.status])).toEqual([
          [1, 'failed', 503],
          [2, 'failed', 503],
          [3, 'failed', 503],
        ]);
      },
    );
  });

  test('a timeout is retried by default, and not when the policy retries only 5xx', async () => {
    await withSandbox(
      // Every other request is answered too late: the first, then the third.
      (nth) => ({ status: 200, afterMs: nth % 2 === 1 ? 1_500 : 0 }),
      { timeoutMs: 300, backoffMs: [50] },
      async ({ sandbox, receiver, url }) => {
        const who = hookUser(sandbox, ADS);
        await configureHook(sandbox, who, `${url}/late`, 'late-token');
        await changeStatus(sandbox, who, 'policy-ad', 'published');
        await receiver.waitFor('/late', 2);
        const log = await deliveryLog(sandbox, who, 2);
        expect(log.map((entry) => [entry.attempt, entry.outcome])).toEqual([
          [1, 'failed'],
          [2, 'delivered'],
        ]);
        expect(log[0]?.error).toBe('no answer within 300 ms');
        setSwitch(sandbox, 'delivery-retry-on', ['5xx']);
        await changeStatus(sandbox, who, 'policy-ad', 'deleted');
        const after = await deliveryLog(sandbox, who, 3);
        await sleep(600);
        expect(receiver.arrivals.length, 'the timed-out third request is not tried again').toBe(3);
        expect(after[2]).toMatchObject({ attempt: 1, outcome: 'failed', error: 'no answer within 300 ms' });
      },
    );
  });

  test('a 4xx answer is logged refused by the receiver and not retried; a policy refusal says delivery-policy', async () => {
    await withSandbox(
      () => ({ status: 404 }),
      {},
      async ({ sandbox, receiver, url }) => {
        const who = hookUser(sandbox, ADS);
        await configureHook(sandbox, who, `${url}/gone`, 'gone-token');
        const appsPort = new URL(sandbox.appsUrl).port;
        await configureHook(sandbox, who, `http://localhost:${appsPort}/own`, 'own-token');
        await changeStatus(sandbox, who, 'policy-ad', 'published');
        const log = await deliveryLog(sandbox, who, 2);
        await sleep(300);
        expect(receiver.arrivals.length, 'a 4xx is not retried').toBe(1);
        expect(log.find((entry) => entry.status === 404)).toMatchObject({
          attempt: 1,
          outcome: 'refused',
          refused_by: 'receiver',
        });
        expect(log.find((entry) => entry.status === undefined)).toMatchObject({
          outcome: 'refused',
          refused_by: 'delivery-policy',
        });
      },
    );
  });

  test('the token header and form are switches: raw Authorization, or another header', async () => {
    await withSandbox(
      () => ({ status: 204 }),
      {},
      async ({ sandbox, receiver, url }) => {
        const who = hookUser(sandbox, ADS);
        await configureHook(sandbox, who, `${url}/token`, 'header-token');
        setSwitch(sandbox, 'delivery-token-form', 'raw');
        await changeStatus(sandbox, who, 'policy-ad', 'published');
        const [raw] = await receiver.waitFor('/token', 1);
        expect(raw?.headers.authorization).toBe('header-token');
        setSwitch(sandbox, 'delivery-token-header', 'X-Hook-Token');
        await changeStatus(sandbox, who, 'policy-ad', 'deleted');
        const [, other] = await receiver.waitFor('/token', 2);
        expect(other?.headers['x-hook-token']).toBe('header-token');
        expect(other?.headers.authorization).toBeUndefined();
      },
    );
  });

  test('one attempt at all (retries 0): a 5xx is not tried again', async () => {
    await withSandbox(
      () => ({ status: 500 }),
      { retries: 0 },
      async ({ sandbox, receiver, url }) => {
        const who = hookUser(sandbox, ADS);
        await configureHook(sandbox, who, `${url}/once`, 'once-token');
        await changeStatus(sandbox, who, 'policy-ad', 'published');
        await deliveryLog(sandbox, who);
        await sleep(400);
        expect(receiver.arrivals.length).toBe(1);
      },
    );
  });
});

test.describe('the delivery switches', () => {
  test('each is a setting with a unique kebab-case name; a bad value is refused saying what is accepted and changes nothing', async () => {
    await withSandbox(
      () => ({ status: 204 }),
      {},
      ({ sandbox }) => {
        const switches = deliverySwitches(sandbox.state.deliverer.settings);
        const names = switches.map((one) => one.name);
        expect(new Set(names).size).toBe(names.length);
        for (const one of switches) {
          expect(one.name).toMatch(/^delivery(-[a-z]+)+$/);
          expect(one.kind).toBe('setting');
          expect(one.summary.length).toBeGreaterThan(10);
        }
        const byName = new Map(switches.map((one) => [one.name, one]));
        const bad: Array<[string, unknown, RegExp]> = [
          ['delivery-timeout-ms', 0, /integer from 100 to 30000/],
          ['delivery-timeout-ms', '6000', /integer/],
          ['delivery-retries', 11, /0 to 10/],
          ['delivery-backoff-ms', [], /array of 1 to 10/],
          ['delivery-retry-on', ['4xx'], /5xx, network, timeout/],
          ['delivery-token-header', 'Bad Header', /header name/],
          ['delivery-token-header', 'Content-Type', /other than content-type/],
          ['delivery-token-form', 'basic', /bearer or raw/],
        ];
        for (const [name, value, accepted] of bad)
          expect(() => byName.get(name)?.set(value), `${name} = ${JSON.stringify(value)}`).toThrow(accepted);
        expect(switches.map((one) => one.get())).toEqual([
          DEFAULT_DELIVERY_POLICY.timeoutMs,
          DEFAULT_DELIVERY_POLICY.retries,
          DEFAULT_DELIVERY_POLICY.backoffMs,
          DEFAULT_DELIVERY_POLICY.retryOn,
          DEFAULT_DELIVERY_POLICY.tokenHeader,
          DEFAULT_DELIVERY_POLICY.tokenForm,
        ]);
        byName.get('delivery-timeout-ms')?.set(8_000);
        expect(byName.get('delivery-timeout-ms')?.get()).toBe(8_000);
        return Promise.resolve();
      },
    );
  });
});
