/**
 * What is written from the declarations, never by hand: `.env.example`, the tables of
 * docs/configuration.md, the variable list of `--help`, and the lists the workflow lint holds the
 * nightly to. scripts/check-config.ts fails when a file differs from its rendering.
 */
import type { Group, Variable } from './declaration.js';
import { expectation } from './validate.js';
import { VARIABLES } from './variables/index.js';

const DECLARED: readonly Variable[] = VARIABLES;

/** The groups a user sets, in the order the files show them, each with its heading. */
export const USER_GROUPS: ReadonlyArray<[Group, string]> = [
  ['target', 'The target (harness contract: docs/contract.md, section 1)'],
  [
    'account',
    'What an account holds, without test helpers (harness contract: docs/contract.md, section 3; each optional, each unlocks more tests)',
  ],
  ['project', "The suite's own variables"],
  ['sandbox', 'The reference sandbox (embedded or standalone)'],
];

const OTHER_GROUPS: ReadonlyArray<[Group, string]> = [
  ['tooling', 'Read by the self-tests, the tools and the shipped examples only'],
];

/** Groups no one sets by hand: named in the page, described in their declarations alone. */
const NAMED_GROUPS: ReadonlyArray<[Group, string]> = [
  ['internal', 'Set by the run itself for its workers and children (never by hand)'],
  ['outside', 'Set by the system or another program'],
];

export function variablesOf(group: Group): Variable[] {
  return DECLARED.filter((variable) => variable.group === group);
}

/** Every variable a user may set: what `.env.example` lists and the nightly must pass or explain. */
export function documentedNames(): string[] {
  return USER_GROUPS.flatMap(([group]) => variablesOf(group).map((variable) => variable.name));
}

/** Why the nightly does not pass a documented variable, by name (the workflow lint's list). */
export function notPassedByNightly(): Record<string, string> {
  return Object.fromEntries(
    DECLARED.filter((variable) => variable.notNightly !== undefined).map((variable) => [
      variable.name,
      variable.notNightly ?? '',
    ]),
  );
}

/** The documented secrets: the nightly must take them from `secrets.`, so that logs mask them. */
export function documentedSecrets(): string[] {
  return USER_GROUPS.flatMap(([group]) =>
    variablesOf(group)
      .filter((variable) => variable.secret)
      .map((variable) => variable.name),
  );
}

/** Words wrapped at `width` columns, each line with the prefix. */
function wrapped(text: string, prefix: string, width = 100): string[] {
  const lines: string[] = [];
  let line = prefix.trimEnd();
  for (const word of text.split(/\s+/)) {
    const next = line === prefix.trimEnd() ? `${prefix}${word}` : `${line} ${word}`;
    if (next.length > width && line !== prefix.trimEnd()) {
      lines.push(line);
      line = `${prefix}${word}`;
    } else line = next;
  }
  lines.push(line);
  return lines;
}

/** `.env.example`: every variable a user may set, its use in a comment, its default as the value. */
export function renderEnvExample(): string {
  const lines = [
    '# Generated from config/variables/ (npx tsx scripts/check-config.ts --write): edit the declarations, not this file.',
    '# Copy to .env (git-ignored) or export in the shell, and uncomment what you set; unset variables take the defaults shown.',
  ];
  for (const [group, heading] of USER_GROUPS) {
    lines.push('', ...wrapped(`${heading}.`, '# ## '));
    for (const variable of variablesOf(group)) {
      const secret = variable.secret ? ' A secret: never printed.' : '';
      lines.push(
        ...wrapped(`${variable.doc}${secret}`, '# '),
        `# ${variable.name}=${variable.default ?? ''}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Table cells: a pipe would end the cell. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The kind in a table cell: the words of `expectation`, without its articles and glosses. */
function shortKind(variable: Variable): string {
  return expectation(variable)
    .replace(/^an? /, '')
    .replace('absolute http(s) URL', 'http(s) URL')
    .replace('1 (on) or 0 (off)', '1 or 0')
    .replace(/ from (\S+) to (\S+)$/, ' $1 to $2')
    .replace(/ from (\S+)$/, ' ≥ $1');
}

function tableOf(variables: readonly Variable[]): string[] {
  return [
    '| variable | what it does | kind | when unset | mode (blank: every mode) |',
    '| --- | --- | --- | --- | --- |',
    ...variables.map(
      (variable) =>
        `| \`${variable.name}\`${variable.secret ? ' (secret)' : ''} | ${cell(variable.doc)} | ${cell(shortKind(variable))} | ${cell(variable.unset)} | ${variable.mode === 'every mode' ? '' : variable.mode} |`,
    ),
  ];
}

/**
 * The tables of docs/configuration.md, between its markers. Unpadded, and left so by Prettier: its
 * aligned columns doubled the page's weight in spaces and dashes.
 */
export function renderTables(): string {
  const sections = [...USER_GROUPS, ...OTHER_GROUPS].map(([group, heading]) =>
    [`### ${heading}`, '', '<!-- prettier-ignore -->', ...tableOf(variablesOf(group))].join('\n'),
  );
  const named = NAMED_GROUPS.map(([group, heading]) =>
    [
      `### ${heading}`,
      '',
      variablesOf(group)
        .map((variable) => `\`${variable.name}\``)
        .join(', '),
    ].join('\n'),
  );
  return [...sections, ...named, '(What each of these does: `config/variables/`.)'].join('\n\n');
}

/** The `--help` list: the names a user sets, by group, each with what unset means. */
export function renderHelp(): string {
  return USER_GROUPS.map(([group, heading]) =>
    [
      `${heading}:`,
      ...variablesOf(group).map(
        (variable) => `  ${variable.name.padEnd(30)} ${variable.unset.replace(/`/g, '')}`,
      ),
    ].join('\n'),
  ).join('\n');
}
