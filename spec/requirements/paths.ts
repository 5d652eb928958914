/**
 * The paths a server may take to a requirement: where the specification lets it choose, or where
 * the suite gives it a choice. A sentence checked on one path while a server has several passes a
 * server that is right on that path and wrong on another (an HTTP Basic client redeeming another
 * client's code; a listing that keeps an ad's old status after a change; a retried delivery without
 * its token). Each requirement lists its paths here; each test names the paths it takes with a tag
 * (`@path:client-auth:basic`, helpers/assert/covers.ts `onPath`), and `npm run requirements`
 * prints requirement × path and fails on a listed path that no test takes and no reason excuses.
 */

/** Each dimension of choice and the paths along it. */
export const PATH_DIMENSIONS = {
  /** 4.2 asks for the body; RFC 6749 2.3.1 has servers accept HTTP Basic too, and the suite accepts it. */
  'client-auth': ['body', 'basic'],
  /** 6 shows no retries: a server may make one attempt or retry after a failed one. */
  delivery: ['first', 'retry'],
  /** An ad's status as it was seeded (or first listed), or as a status change left it. */
  'ad-state': ['seeded', 'changed'],
  /** Where in a crawl a page stands. */
  page: ['first', 'middle', 'last', 'empty'],
  /** The first user of the run, or a second one (another user's data). */
  user: ['first', 'second'],
  /** The three catalog chains of 4.5. */
  chain: ['car', 'motorcycle', 'cellphone'],
  /** A token whose scopes should suffice, and one whose scopes should not. */
  scope: ['sufficient', 'insufficient'],
} as const;

export type PathDimension = keyof typeof PATH_DIMENSIONS;

/** One path: a dimension and one of its values, `client-auth:basic`. */
export type Path = {
  [Dimension in PathDimension]: `${Dimension}:${(typeof PATH_DIMENSIONS)[Dimension][number]}`;
}[PathDimension];

/** A path a requirement lists: one a test must take, or the reason no test can. */
export type PathDeclaration = 'tested' | `unobservable: ${string}`;

/** The tag a test carries for each path it takes (`--grep @path:client-auth:basic` selects them). */
export function pathTag(path: Path): string {
  return `@path:${path}`;
}

/** Every path, in the order of the dimensions. */
export const ALL_PATHS: readonly Path[] = Object.entries(PATH_DIMENSIONS).flatMap(([dimension, values]) =>
  values.map((value) => `${dimension}:${value}` as Path),
);

/** The path a tag names, or undefined for another tag. */
export function pathOfTag(tag: string): Path | undefined {
  const name = tag.replace(/^@path:/, '');
  return tag.startsWith('@path:') ? ALL_PATHS.find((path) => path === name) : undefined;
}
