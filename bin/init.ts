// `classifieds-conformance init [--force] [--dir DIR]`: what a team's repository needs around the
// package: the commented .env.example, the .gitignore lines, and the nightly and gate workflows. The
// workflows are this repository's own (.github/workflows/), shipped in the package as they are, so
// the ones a team gets are the ones tested here. A file that exists is kept unless --force is given.
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const PACKAGE_ROOT = resolve(__dirname, '..');

/** Each file init writes: where in the team's repository, from where in the package. */
export const TEMPLATES: ReadonlyArray<{ to: string; from: string }> = [
  { to: '.env.example', from: '.env.example' },
  { to: '.github/workflows/conformance-nightly.yml', from: '.github/workflows/nightly.yml' },
  { to: '.github/workflows/conformance-gate.yml', from: '.github/workflows/gate.yml' },
  // Every line commented: no deviation is accepted until the team writes one (docs/triage.md).
  { to: 'conformance-known.yaml', from: 'examples/conformance-known.yaml' },
];

/** With --client: the workflow that grades the team's own client under the sandbox's chaos. */
export const CLIENT_TEMPLATE = {
  to: '.github/workflows/conformance-client.yml',
  from: '.github/workflows/client.yml',
} as const;

/** What a run writes or reads that has no place in git: its reports, its journal and state, the secrets. */
export const IGNORED = ['reports/', '.conformance/', '.env'];

const HELP = `Usage: classifieds-conformance init [--force] [--client] [--dir DIR]

Writes into the repository in DIR (default: the current directory):
  .env.example                                every variable, commented: copy it to .env
  .github/workflows/conformance-nightly.yml   the nightly run, three shards, one Allure report; then
                                              the double's fidelity, your sandbox recalibrated
                                              (TEAM_SANDBOX_CONTROL_URL) and reliance/*.txt checked
  .github/workflows/conformance-gate.yml      a gate a release pipeline calls with its candidate
  conformance-known.yaml                      known deviations the team accepts (a commented example)
  .github/workflows/conformance-client.yml    with --client: the team's client run against the sandbox
                                              under each chaos profile, graded by client-report
and adds to .gitignore the lines it lacks of: ${IGNORED.join(' ')}.
A file that exists is skipped (and named) unless --force is given. The workflows need only this
package among the repository's dependencies; see the package's .github/workflows/README.md.`;

function copyTemplate(dir: string, to: string, from: string, force: boolean): string {
  const target = join(dir, to);
  const existed = existsSync(target);
  if (existed && !force) return `skipped  ${to} (it exists; --force replaces it)`;
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(join(PACKAGE_ROOT, from), target);
  return `${existed ? 'replaced' : 'wrote   '} ${to}`;
}

/** Adds the lines .gitignore lacks; never removes or rewrites one. */
function addIgnored(dir: string): string {
  const path = join(dir, '.gitignore');
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const present = new Set(text.split(/\r?\n/).map((line) => line.trim().replace(/^\//, '')));
  const missing = IGNORED.filter((line) => !present.has(line));
  if (missing.length === 0) return 'kept     .gitignore (it ignores reports/, .conformance/ and .env)';
  const separator = text === '' || text.endsWith('\n') ? '' : '\n';
  appendFileSync(
    path,
    `${separator}# classifieds-conformance: reports, run state, secrets\n${missing.join('\n')}\n`,
  );
  return `${text === '' ? 'wrote   ' : 'added to'} .gitignore: ${missing.join(' ')}`;
}

function main(): number {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      force: { type: 'boolean', default: false },
      client: { type: 'boolean', default: false },
      dir: { type: 'string', default: '.' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const dir = resolve(values.dir);
  const templates = values.client ? [...TEMPLATES, CLIENT_TEMPLATE] : TEMPLATES;
  const lines = templates.map(({ to, from }) => copyTemplate(dir, to, from, values.force));
  lines.push(addIgnored(dir));
  for (const line of lines) console.log(line);
  const where = relative('.', dir) || '.';
  console.log(`
Next: cp ${join(where, '.env.example')} ${join(where, '.env')}, set the target's variables, then
npx classifieds-conformance run. In CI, set the same names as the repository's variables and
secrets (the workflows' header comments say which). To rehearse account mode first:
npx classifieds-conformance sandbox --account
The nightly recalibrates your team's running sandbox from each night's observation, its data
kept, once you set the variable TEAM_SANDBOX_CONTROL_URL and the secret TEAM_SANDBOX_CONTROL_KEY
(its control API), and checks each reliance contract you commit as reliance/<name>.txt.`);
  return 0;
}

process.exit(main());
