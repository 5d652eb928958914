// Import circles, `import type` lines included: ESLint's import-x/no-cycle skips those (they vanish
// at run time), but a circle of types is a circle a reader follows all the same.
// And no import up a floor in sandbox/ and helpers/: a module never imports a module of a folder
// that holds its own (sandbox/store/x.ts may import sandbox/oauth/y.ts, never sandbox/y.ts).
// `npm run lint:cycles`, one of `npm test`'s static checks.

/** The folders whose modules never import one of a folder above their own. */
const FLOORED = '(?:sandbox|helpers)';
/** How deep a folder may hold the module imported from below (the deepest folder of either today is 3). */
const DEPTHS = [0, 1, 2, 3, 4];

/**
 * One rule per depth of the folder imported from: `$1` is that folder (FLOORED, then `depth` more
 * folders), the importer lies in a folder under it, the imported module in it.
 */
function noUpwardImport(depth) {
  // Spelt out, not `{depth}`: dependency-cruiser refuses a quantified group holding a quantifier.
  const above = `^(${FLOORED}/${'[^/]+/'.repeat(depth)})`;
  return {
    name: `no-upward-import-${depth}`,
    severity: 'error',
    comment:
      'A module of sandbox/ or helpers/ imports no module of a folder above its own: the parent composes its sub-folders, never the reverse. Move what both need into a sibling folder.',
    from: { path: `${above}[^/]+/.+` },
    to: { path: '^$1[^/]+$' },
  };
}

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
    ...DEPTHS.map(noUpwardImport),
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
