import { expect, test } from '@playwright/test';
import { killRun } from './support/kill-run.js';
import { patient } from '../helpers/target/patience.js';

/**
 * Acknowledged means kept (docs/sandbox-service.md): the standalone sandbox, under a load of
 * changes from six clients at once, is killed outright (SIGKILL) at random instants and started
 * again on its data folder; every change it answered 2xx before each kill is there after, and
 * every AD_STATUS delivery its receiver got announced a change that is there too (`npm run
 * kill-test -- --kills 50` runs the same many more times). Before, every kill lost the changes of
 * the last 20 ms and more: hundreds under this load.
 */
test('a sandbox killed outright at random instants under load keeps every change it acknowledged', async () => {
  test.setTimeout(patient(120_000));
  const figures = await killRun({ kills: 3, maxLoadMs: 1000 });
  test.info().annotations.push({
    type: 'kills',
    description: `${figures.kills} kills, ${figures.acknowledged} changes acknowledged, ${figures.delivered} deliveries`,
  });
  expect(figures.acknowledged, 'set-up: changes were acknowledged before the kills').toBeGreaterThan(0);
  expect(figures.delivered, 'set-up: status changes were delivered before the kills').toBeGreaterThan(0);
  expect(figures.lost, 'acknowledged changes missing after a restart').toEqual([]);
});
