import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startSandbox } from '../sandbox/start.js';

/**
 * A restart is invisible (docs/sandbox-service.md): the switches that were on when the sandbox
 * stopped (a fault, a delivery setting, chaos with its seed) are on after a restart on the same
 * data folder, and chaos goes on from its place in each client's sequence, so a seeded replay
 * survives the restart. Before, every start began with the reference and chaos off.
 */
test.describe.configure({ mode: 'default' });

const CHAOS = { profiles: ['rate-limit'], clients: 'all', seed: 4242 };

test('faults, delivery settings and chaos with its seed and position are kept across a restart', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-kept-switches-'));
  try {
    const first = await startSandbox({ dataDir, fresh: true });
    const fault = first.switches.list().find((view) => view.kind === 'fault')?.name;
    if (fault === undefined) throw new Error('set-up: a fault to switch on');
    first.switches.set(fault, true);
    first.switches.set('delivery-retries', 0);
    first.switches.set('chaos', CHAOS);
    const places = [0, 1, 2].map(() => first.state.chaos.turn('kept-client', 'request')?.place);
    expect(places, 'set-up: three turns of one client').toEqual([0, 1, 2]);
    const before = first.switches.on();
    await first.close();

    const second = await startSandbox({ dataDir });
    try {
      expect(second.switches.on(), 'the same switches on, with the same values').toEqual(before);
      expect(second.state.chaos.settings, 'chaos with its seed').toMatchObject(CHAOS);
      expect(
        second.state.chaos.turn('kept-client', 'request')?.place,
        "the client's sequence goes on where it was",
      ).toBe(3);
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
