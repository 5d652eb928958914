// Delivery benchmark: status changes at a steady rate through the test helper, each to a
// fresh ad, delivered by the sandbox to the suite's receiver. Prints, per rate, the p50, p99
// and maximum time from the change request to the receipt of its AD_STATUS notification.
// The sandbox, the receiver and the driver (several connections, changes sent in ticks) each run in a
// process of their own: in one process, the three shared one event loop and 1,000 a second was out of reach.
//
//   npm run bench:deliveries -- [100,500,1000] [changes per rate, default 1000]
import { mkdirSync, writeFileSync } from 'node:fs';
import { measureDeliveries, startDeliveryProcesses, stopDeliveryProcesses } from './lib/delivery-run.js';

const rates = (process.argv[2] ?? '100,500,1000').split(',').map(Number);
const CHANGES = Number(process.argv[3] ?? 1000);
const WARM_UP_RATE = 500;

async function main(): Promise<void> {
  const processes = await startDeliveryProcesses();
  // Fresh processes run their first requests cold (module loading, compilation): one untimed round first.
  await measureDeliveries(processes, WARM_UP_RATE, CHANGES);
  const results: Array<Record<string, number>> = [];
  for (const rate of rates) results.push(await measureDeliveries(processes, rate, CHANGES));
  await stopDeliveryProcesses(processes);

  console.table(results);
  mkdirSync('reports/bench', { recursive: true });
  const figures = { date: new Date().toISOString(), node: process.version, changes: CHANGES, results };
  writeFileSync('reports/bench/deliveries.json', JSON.stringify(figures, null, 2));
  console.log('written reports/bench/deliveries.json');
}

void main();
