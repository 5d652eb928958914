import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'reports/', 'test-results/', 'scripts/*.mjs', 'bin/*.mjs'] },
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
  {
    files: ['eslint.config.js', 'allurerc.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);

/**
 * The folders' import rules (each folder's README says them): spec/ imports nothing of the project,
 * the sandbox and the suite import spec/ and never each other. Tools (embedded/, selftest/, bench/,
 * scripts/, bin/) may import anything; nothing imports them but themselves.
 */
function importBoundaries() {
  const tools = ['embedded', 'selftest', 'bench', 'scripts', 'bin'];
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
      ['sandbox', ...suite, ...tools],
      'spec/ is the kernel: it imports nothing of the project.',
    ),
    refuse(
      ['sandbox'],
      [...suite, ...tools],
      'The sandbox imports spec/ only, never the suite or the tools.',
    ),
    refuse(suite, ['sandbox', ...tools], 'The suite imports spec/ only, never the sandbox or the tools.'),
  ];
}
