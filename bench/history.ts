// `npm run bench:history [-- NAME...]`: the benchmarks' history (bench/history.json) as Markdown, all
// of it or the named benchmarks: how each measures, the full tables of the runs before the latest,
// each with its date, machine and load. The latest figures stay in bench/README.md; the history is
// kept as data, out of the pages a reader goes through.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

interface History {
  about: string;
  intro: string;
  benchmarks: Array<{ name: string; command: string; history: string }>;
}

export const HISTORY_FILE = join(__dirname, 'history.json');

export function readHistory(file = HISTORY_FILE): History {
  return JSON.parse(readFileSync(file, 'utf8')) as History;
}

/** The Markdown of the named benchmarks (every one when none is named), or the names it lacks. */
export function renderHistory(history: History, names: readonly string[]): string {
  const unknown = names.filter((name) => !history.benchmarks.some((bench) => bench.name === name));
  if (unknown.length > 0)
    throw new Error(
      `no benchmark ${unknown.join(', ')} in the history; there are ${history.benchmarks.map((bench) => bench.name).join(', ')}`,
    );
  const chosen = history.benchmarks.filter((bench) => names.length === 0 || names.includes(bench.name));
  return [
    '# Benchmarks: how each measures, and its history',
    '',
    history.intro,
    ...chosen.flatMap((bench) => ['', `## ${bench.name}`, '', bench.history]),
    '',
  ].join('\n');
}

if (require.main === module) {
  const { positionals } = parseArgs({ args: process.argv.slice(2), allowPositionals: true });
  try {
    process.stdout.write(renderHistory(readHistory(), positionals));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
}
