// The conformance suite against the target (the embedded sandbox by default), then the Allure report.
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { brokenLine, gateStatus, run, summarise } from './lib.mjs';

const reports = process.env.REPORTS_DIR ?? 'reports';
rmSync(`${reports}/allure-results`, { recursive: true, force: true });
const status = run('npx', [
  'playwright',
  'test',
  '--project=conformance',
  '--project=advisory',
  ...process.argv.slice(2),
]);
const generated = run('npx', [
  'allure',
  'generate',
  `${reports}/allure-results`,
  '--output',
  `${reports}/allure-report`,
  '--name',
  'Classifieds API conformance',
]);
const counts = summarise(`${reports}/results.json`);
const { passed, failed, skipped, warnings } = counts;
console.log(
  `\nAllure report: ${resolve(reports, 'allure-report', 'index.html')}${generated === 0 ? '' : ' (generation FAILED)'}`,
);
console.log(`JUnit: ${resolve(reports, 'junit.xml')}   Playwright JSON: ${resolve(reports, 'results.json')}`);
if (brokenLine(counts) !== '') console.log(brokenLine(counts));
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped, ${warnings} advisory warnings`);
const gate = gateStatus(status, counts);
process.exit(gate !== 0 ? gate : generated);
