// Import circles, `import type` lines included: ESLint's import-x/no-cycle skips those (they vanish
// at run time), but a circle of types is a circle a reader follows all the same.
// `npm run lint:cycles`, one of `npm test`'s static checks.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circle anywhere in the tree, type imports included.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|reports)/' },
    // Type-only imports are part of the graph: TypeScript erases them, the reader does not.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs'] },
  },
};
