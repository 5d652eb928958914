import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
  {
    files: ['eslint.config.js', 'allurerc.mjs', 'bin/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
