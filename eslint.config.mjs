import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

export default tseslint.config(
  { ignores: ['node_modules/', 'reports/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      // Playwright fixtures take an empty object pattern as their first argument.
      'no-empty-pattern': 'off',
    },
  },
  ...importBoundaries(),
  ...importGraph(),
  ...oneConfiguration(),
  ...sizeLimits(),
  {
    files: [
      'eslint.config.mjs',
      '.dependency-cruiser.mjs',
      'allurerc.mjs',
      'bin/*.mjs',
      'scripts/*.mjs',
      'examples/**/*.mjs',
    ],
    ...tseslint.configs.disableTypeChecked,
  },
);

/**
 * The folders' import rules (each folder's README says them): spec/ imports nothing of the project,
 * the sandbox and the suite import spec/ and never each other. Tools (embedded/, selftest/, bench/,
 * scripts/, bin/, report-card/) may import anything; nothing imports them but themselves. examples/
 * imports nothing of the project (bin/ and selftest/ may import it).
 */
function importBoundaries() {
  const tools = ['embedded', 'selftest', 'bench', 'scripts', 'bin', 'examples', 'report-card'];
  const suite = ['helpers', 'fixtures', 'suites'];
  const refuse = (files, folders, why) => ({
    files: files.map((folder) => `${folder}/**`),
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: folders.map((folder) => `**/${folder}/**`), message: why }] },
      ],
    },
  });
  return [
    refuse(
      ['spec'],
      ['sandbox', 'config', ...suite, ...tools],
      'spec/ is the kernel: it imports nothing of the project.',
    ),
    refuse(
      ['config'],
      ['spec', 'sandbox', ...suite, ...tools],
      'config/ declares and reads the environment for both sides: it imports nothing of the project.',
    ),
    refuse(
      ['sandbox'],
      [...suite, ...tools],
      'The sandbox imports spec/ only, never the suite or the tools.',
    ),
    refuse(suite, ['sandbox', ...tools], 'The suite imports spec/ only, never the sandbox or the tools.'),
    refuse(
      ['examples'],
      ['spec', 'config', 'sandbox', ...suite, ...tools.filter((tool) => tool !== 'examples')],
      'An example imports nothing of the project: a team copies it or runs it as it is (examples/README.md).',
    ),
  ];
}

/**
 * The environment is read in one place: config/environment.ts (config/README.md). Everything else
 * gets its values from there, typed, so every variable is declared, documented and checked at start.
 */
function oneConfiguration() {
  const how =
    'Read the environment through config/: declare the variable once in config/variables/<group>.ts (name, kind, default, group, mode, secret, doc, unset), then use settings().NAME (typed), environment() (the raw copy, for resolveTarget), childEnvironment({ NAME: value }) for a child process, or passToWorkers({ NAME: value }); `npx tsx scripts/check-config.ts --write` then regenerates .env.example and docs/configuration.md.';
  return [
    {
      files: ['**/*.ts', '**/*.mts'],
      ignores: ['config/environment.ts'],
      rules: {
        'no-restricted-properties': ['error', { object: 'process', property: 'env', message: how }],
        'no-restricted-syntax': [
          'error',
          { selector: "MemberExpression[object.name='process'][property.value='env']", message: how },
        ],
      },
    },
  ];
}

/**
 * Rules on the import graph itself (eslint-plugin-import-x, which resolves each import to its file):
 * no import circle anywhere in the tree; helpers/ on floors, each sub-folder importing only the
 * floors below it (helpers/README.md, "Floors"); embedded/ never importing the tools that import it.
 * no-cycle skips `import type` lines, which vanish at run time.
 */
function importGraph() {
  const floors = {
    record: [],
    target: [],
    report: ['record', 'target'],
    profile: ['record', 'target'],
    clients: ['record', 'target', 'report', 'profile'],
    assert: ['record', 'target', 'report', 'profile', 'clients'],
    preflight: ['record', 'target', 'report', 'profile', 'clients'],
  };
  const floor = ([folder, below]) => ({
    target: `./helpers/${folder}`,
    from: './helpers',
    except: [folder, ...below].map((allowed) => `./${allowed}`),
    message: `helpers/${folder}/ imports only ${below.length === 0 ? 'spec/' : `the floors below it (${below.join(', ')})`}: helpers/README.md, "Floors".`,
  });
  const tools = ['scripts', 'selftest', 'bench'].map((tool) => ({
    target: './embedded',
    from: `./${tool}`,
    message: `embedded/ never imports ${tool}/, which imports it: move what both need down into embedded/.`,
  }));
  return [
    {
      plugins: { 'import-x': importX },
      settings: {
        // Without .ts here import-x reads no TypeScript file's imports, and no-cycle sees no circle.
        'import-x/extensions': ['.ts', '.js', '.mjs'],
        'import-x/resolver-next': [
          createNodeResolver({
            extensions: ['.ts', '.js', '.mjs'],
            extensionAlias: { '.js': ['.ts', '.js'] },
          }),
        ],
      },
      rules: {
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
        'import-x/no-restricted-paths': [
          'error',
          { zones: [...Object.entries(floors).map(floor), ...tools] },
        ],
      },
    },
  ];
}

/**
 * Small files, functions that do one thing: at most 300 lines of code a file (the requirements
 * catalogue, data a section a file, aside) and 50 a function. A `test.describe` callback is a list
 * of tests, not a function that does one thing: the tests in it are held to 50 lines each.
 */
function sizeLimits() {
  return [
    {
      plugins: { project: { rules: { 'function-length': functionLengthRule() } } },
      rules: {
        'project/function-length': ['error', 50],
        'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      },
    },
    { files: ['spec/requirements/section-*.ts'], rules: { 'max-lines': 'off' } },
  ];
}

function functionLengthRule() {
  return {
    meta: {
      type: 'suggestion',
      schema: [{ type: 'integer', minimum: 1 }],
      messages: { long: 'This function has {{lines}} lines of code; at most {{max}}.' },
    },
    create(context) {
      const max = context.options[0] ?? 50;
      const check = (node) => {
        if (isDescribeCallback(node)) return;
        // Lines holding a token: blank lines and comments do not count.
        const lines = new Set(context.sourceCode.getTokens(node).map((token) => token.loc.start.line)).size;
        if (lines > max) context.report({ node, messageId: 'long', data: { lines, max } });
      };
      return { FunctionDeclaration: check, FunctionExpression: check, ArrowFunctionExpression: check };
    },
  };
}

function isDescribeCallback(node) {
  const call = node.parent;
  if (call?.type !== 'CallExpression' || !call.arguments.includes(node)) return false;
  let callee = call.callee;
  while (callee.type === 'MemberExpression' && callee.property.name !== 'describe') callee = callee.object;
  return callee.type === 'MemberExpression' && callee.object.name === 'test';
}
