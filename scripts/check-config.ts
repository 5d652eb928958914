// The configuration's written forms against its declaration (config/variables/): .env.example and
// the tables of docs/configuration.md must equal their rendering, and every variable the code reads
// must be declared. `--write` rewrites the two files. A static check of npm test.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { renderEnvExample, renderTables } from '../config/render.js';
import { VARIABLES } from '../config/variables/index.js';

export const ENV_EXAMPLE = '.env.example';
export const CONFIGURATION_DOC = 'docs/configuration.md';
export const TABLES_START = '<!-- config:start (npx tsx scripts/check-config.ts --write writes this) -->';
export const TABLES_END = '<!-- config:end -->';

/** docs/configuration.md with its tables rendered again, formatted as Prettier formats it. */
async function renderedDoc(current: string): Promise<string> {
  const start = current.indexOf(TABLES_START);
  const end = current.indexOf(TABLES_END);
  if (start < 0 || end < start)
    throw new Error(`${CONFIGURATION_DOC}: the markers ${TABLES_START} and ${TABLES_END} are missing`);
  const text = `${current.slice(0, start + TABLES_START.length)}\n\n${renderTables()}\n\n${current.slice(end)}`;
  const options = (await resolveConfig(CONFIGURATION_DOC)) ?? {};
  return format(text, { ...options, filepath: CONFIGURATION_DOC });
}

/** Source files that may read a variable: the code and the shipped examples, never node_modules. */
function sourceFiles(dir = '.'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'reports' || entry.name.startsWith('.git')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** How code reads a variable by name: an environment's property, a reader's call, a `_VARIABLE` constant. */
const READS = [
  /\benv\??\.([A-Z][A-Z0-9_]+)\b/g,
  /\b(?:env|environment\(\))\[['"]([A-Z][A-Z0-9_]+)['"]\]/g,
  /\b(?:read|url|integer|required)\(['"]([A-Z][A-Z0-9_]+)['"]/g,
  /\bprocess\.env\.([A-Z][A-Z0-9_]+)\b/g,
  /\benvironment\(\)\.([A-Z][A-Z0-9_]+)\b/g,
  /_(?:VARIABLE|MARKER|MARK) = '([A-Z][A-Z0-9_]+)'/g,
];

/** Every variable the code reads by one of the ways above that no declaration names. */
export function undeclaredReads(): string[] {
  const declared = new Set<string>(VARIABLES.map((variable) => variable.name));
  const found = new Map<string, string>();
  for (const file of sourceFiles()) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of READS)
      for (const match of text.matchAll(pattern)) {
        const name = match[1] ?? '';
        if (!declared.has(name) && !found.has(name)) found.set(name, file);
      }
  }
  return [...found].map(
    ([name, file]) => `${file} reads ${name}, which config/variables/ does not declare (declare it there)`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { write: { type: 'boolean', default: false } } });
  const problems: string[] = [];
  const example = renderEnvExample();
  const doc = readFileSync(CONFIGURATION_DOC, 'utf8');
  const rendered = await renderedDoc(doc);
  if (values.write) {
    writeFileSync(ENV_EXAMPLE, example);
    writeFileSync(CONFIGURATION_DOC, rendered);
  } else {
    const fix = 'run `npx tsx scripts/check-config.ts --write` after changing config/variables/';
    if (readFileSync(ENV_EXAMPLE, 'utf8') !== example)
      problems.push(`${ENV_EXAMPLE} differs from the declarations: ${fix}`);
    if (doc !== rendered) problems.push(`${CONFIGURATION_DOC} differs from the declarations: ${fix}`);
  }
  problems.push(...undeclaredReads());
  for (const problem of problems) console.log(problem);
  console.log(
    problems.length === 0
      ? `config: ${VARIABLES.length} variables declared; .env.example and ${CONFIGURATION_DOC} as declared`
      : `config: ${problems.length} problem(s)`,
  );
  process.exit(problems.length === 0 ? 0 : 1);
}

if (require.main === module) void main();
