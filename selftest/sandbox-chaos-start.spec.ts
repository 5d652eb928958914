import { expect, test } from '@playwright/test';
import { Chaos } from '../sandbox/chaos/chaos.js';
import { PROFILE_NAMES } from '../sandbox/chaos/profiles.js';
import { chaosAtStart } from '../sandbox/chaos/start-up.js';
import { chaosSwitches } from '../sandbox/chaos/switches.js';

/**
 * Chaos at start (`sandbox --chaos NAME[,NAME] --seed N --chaos-clients ...`, through the
 * sandbox's variables) and as the run-time switch `chaos`: what each accepts, what each refuses
 * with what is accepted, and the banner's line with the seed.
 */

test.describe('chaos at start and as the switch', () => {
  test('the demo client by default, named clients or all; the seed in the banner line; no clients in a seeded sandbox is refused', () => {
    const chaos = new Chaos();
    expect(chaosAtStart(chaos, {}, ['cl_demo'])).toBeNull();
    expect(chaos.active).toBe(false);
    const line = chaosAtStart(chaos, { SANDBOX_CHAOS: 'edge,pages', SANDBOX_CHAOS_SEED: '42' }, ['cl_demo']);
    expect(line).toContain('edge, pages for cl_demo, seed 42');
    expect(chaos.inForceFor('cl_demo')).toEqual({ profiles: ['edge', 'pages'], seed: 42 });
    expect(chaos.inForceFor('cl_other')).toBeUndefined();
    chaosAtStart(chaos, { SANDBOX_CHAOS: 'realistic', SANDBOX_CHAOS_CLIENTS: 'all' }, null);
    expect(chaos.inForceFor('cl_any')?.profiles).toEqual(['realistic']);
    expect(chaos.settings.seed).toBeGreaterThanOrEqual(0);
    expect(() => chaosAtStart(new Chaos(), { SANDBOX_CHAOS: 'edge' }, null)).toThrow('--chaos-clients');
    expect(() => chaosAtStart(new Chaos(), { SANDBOX_CHAOS: 'nope' }, ['cl_demo'])).toThrow(
      PROFILE_NAMES.join(', '),
    );
  });

  test('the switch reads false when off, takes a value, keeps what is left out, refuses a bad one saying what it accepts', () => {
    const chaos = new Chaos();
    const [chaosSwitch] = chaosSwitches(chaos);
    expect(chaosSwitch?.name).toBe('chaos');
    expect(chaosSwitch?.get()).toBe(false);
    chaosSwitch?.set({ profiles: ['rate-limit'], clients: ['cl_a'], seed: 3, limit: 10 });
    expect(chaosSwitch?.get()).toMatchObject({
      profiles: ['rate-limit'],
      clients: ['cl_a'],
      seed: 3,
      limit: 10,
      block_seconds: 5,
    });
    chaosSwitch?.set({ profiles: ['rate-limit', 'edge'] });
    expect(chaosSwitch?.get()).toMatchObject({
      profiles: ['rate-limit', 'edge'],
      clients: ['cl_a'],
      seed: 3,
      limit: 10,
    });
    for (const bad of [
      { profiles: ['nope'] },
      { profiles: ['edge'], clients: 'some' },
      { profiles: [], seed: -1 },
      { profiles: [], limit: 0 },
      { profiles: [], other: 1 },
      'edge',
    ])
      expect(() => chaosSwitch?.set(bad), JSON.stringify(bad)).toThrow(
        'chaos takes false (off) or {"profiles"',
      );
    chaosSwitch?.set(false);
    expect(chaosSwitch?.get()).toBe(false);
    expect(chaos.inForceFor('cl_a')).toBeUndefined();
  });
});
