// `npm run kill-test -- --kills 50`: the standalone sandbox killed outright (SIGKILL) at random
// instants under a load of changes, started again on its data folder each time, and every change
// it acknowledged looked for (selftest/support/kill-run.ts; docs/sandbox-service.md). Prints each
// round and the totals; exits 1 when an acknowledged change was lost.
import { parseArgs } from 'node:util';
import { killRun } from '../selftest/support/kill-run.js';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '50' },
    'max-load-ms': { type: 'string', default: '1500' },
  },
});

async function main(): Promise<void> {
  const startedAt = Date.now();
  const figures = await killRun({
    kills: Number(values.kills),
    maxLoadMs: Number(values['max-load-ms']),
    onRound: (round) => {
      console.log(
        `kill ${round.round}: after ${round.loadMs} ms of load, ${round.acknowledged} changes acknowledged, ${round.lost.length} lost${round.lost.length > 0 ? `: ${round.lost.join('; ')}` : ''}`,
      );
    },
  });
  console.log(
    `${figures.kills} kills in ${Math.round((Date.now() - startedAt) / 1000)} s: ${figures.acknowledged} changes acknowledged, ${figures.delivered} deliveries received, ${figures.lost.length} lost or announced but not kept`,
  );
  process.exit(figures.lost.length === 0 ? 0 : 1);
}

void main();
