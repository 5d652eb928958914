// npm run variants [-- variant-name ...] [--jobs N] [--grep REGEX]
// The other side of the kill matrix: the whole conformance suite against the sandbox once per
// variant, each a different choice where the specification says "not shown". A correct server may
// choose any of them, so every run must pass. Writes reports/variants.json and reports/variants.md;
// exits 1 when any variant fails a test.
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pool } from './pool.js';
import { runSuite } from '../embedded/run-suite.js';
import { VARIANTS, type VariantName } from '../sandbox/variants.js';

interface VariantResult {
  variant: VariantName;
  description: string;
  env: Readonly<Record<string, string>>;
  passed: number;
  failed: string[];
  skipped: number;
  seconds: number;
}

interface VariantsOptions {
  variants: VariantName[];
  jobs: number;
  grep: string | undefined;
}

const known = (name: string): name is VariantName => Object.hasOwn(VARIANTS, name);

function options(): VariantsOptions {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { jobs: { type: 'string', default: '2' }, grep: { type: 'string' } },
  });
  for (const name of positionals) if (!known(name)) throw new Error(`Unknown variant ${name}`);
  const named = positionals.filter(known);
  const jobs = Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs < 1)
    throw new Error(`--jobs takes a positive integer, not "${values.jobs}"`);
  return {
    variants: named.length > 0 ? named : (Object.keys(VARIANTS) as VariantName[]),
    jobs,
    grep: values.grep,
  };
}

const { variants: selected, jobs, grep } = options();

async function runVariant(variant: VariantName): Promise<VariantResult> {
  const started = performance.now();
  const { env, description } = VARIANTS[variant];
  const run = await runSuite({
    variants: [variant],
    env,
    ...(grep === undefined ? {} : { grep }),
    timeoutMs: 900_000,
  });
  const failed = run.tests.filter((verdict) => verdict.status === 'failed');
  const result: VariantResult = {
    variant,
    description,
    env,
    passed: run.tests.filter((verdict) => verdict.status === 'passed').length,
    failed: run.tests.length === 0 ? ['(no test ran)'] : failed.map((verdict) => verdict.title),
    skipped: run.tests.filter((verdict) => verdict.status === 'skipped').length,
    seconds: Math.round((performance.now() - started) / 1000),
  };
  console.log(
    `${result.failed.length === 0 ? 'passes ' : 'FAILS  '} ${variant}: ${result.passed} passed, ${result.failed.length} failed (${result.seconds} s)`,
  );
  for (const verdict of failed)
    console.log(`    ${verdict.title}\n      ${verdict.message.split('\n').slice(0, 4).join('\n      ')}`);
  return result;
}

async function main(): Promise<void> {
  const results = await pool(selected, jobs, runVariant);
  const passing = results.filter((result) => result.failed.length === 0).length;
  mkdirSync('reports', { recursive: true });
  writeFileSync(
    'reports/variants.json',
    JSON.stringify({ date: new Date().toISOString(), results }, null, 2),
  );
  writeFileSync(
    'reports/variants.md',
    [
      '# Variants',
      '',
      '| variant | what it changes | passed | failed |',
      '| --- | --- | --- | --- |',
      ...results.map(
        (result) =>
          `| \`${result.variant}\` | ${result.description} | ${result.passed} | ${result.failed.join('<br>') || 0} |`,
      ),
      '',
    ].join('\n'),
  );
  console.log(`\n${results.length} variants: ${passing} pass, ${results.length - passing} fail`);
  console.log('written reports/variants.json and reports/variants.md');
  process.exit(passing === results.length ? 0 : 1);
}

void main();
