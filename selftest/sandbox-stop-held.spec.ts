import { expect, test } from '@playwright/test';
import { killRun, type RoundFigures } from './support/kill-run.js';
import { patient } from '../helpers/target/patience.js';

/**
 * A stop writes first (docs/sandbox-service.md): SIGTERM to the standalone sandbox under a load of
 * changes, while one connection holds a request whose body never comes whole. The sandbox closes
 * that connection after a short grace and exits 0, and every change it acknowledged, before or
 * during the stop, is there after the restart. Before, the held connection kept the servers open
 * until the 5 s grace ran out and the process exited 1, its last changes unwritten.
 */
test('a SIGTERM with a slow body held open: the sandbox exits in time and keeps every change it acknowledged', async () => {
  test.setTimeout(patient(120_000));
  const rounds: RoundFigures[] = [];
  const figures = await killRun({
    kills: 2,
    maxLoadMs: 800,
    stop: 'SIGTERM',
    onRound: (round) => rounds.push(round),
  });
  expect(figures.acknowledged, 'set-up: changes were acknowledged before the stops').toBeGreaterThan(0);
  expect(
    rounds.map((round) => round.exitCode),
    'each stop closed everything and exited 0',
  ).toEqual([0, 0]);
  expect(figures.lost, 'acknowledged changes missing after a restart').toEqual([]);
});
