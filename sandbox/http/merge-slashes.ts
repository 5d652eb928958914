/**
 * Consecutive slashes in a request's path merged into one, the query left as it is: what nginx
 * does by default (`merge_slashes on`) before it routes, and production's origin server is nginx
 * (field notes). A client whose base URL ends with a slash asks for `//oauth/token` and is served.
 * A target that is not a path (absolute-form, `*`) is left alone.
 */
export function mergeSlashes(target: string): string {
  if (!target.startsWith('/')) return target;
  const queryAt = target.indexOf('?');
  const path = queryAt < 0 ? target : target.slice(0, queryAt);
  if (!path.includes('//')) return target;
  return path.replace(/\/{2,}/g, '/') + (queryAt < 0 ? '' : target.slice(queryAt));
}

/** The path of a request target as it is routed: slashes merged, without the query. */
export function routedPath(target: string | undefined): string {
  return mergeSlashes(target ?? '').split('?')[0] ?? '';
}

/** Fastify's `rewriteUrl`: the URL every route, hook and handler of the server sees. */
export function mergedUrl(request: { url?: string | undefined }): string {
  return mergeSlashes(request.url ?? '/');
}
