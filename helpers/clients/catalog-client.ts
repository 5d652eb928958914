import { CATALOG_CHAINS, CATALOG_PREFIX, type CatalogChain } from '../../spec/paths.js';
import type { HttpExchange } from '../record/exchange.js';
import type { HttpClient } from './http.js';

/** Each lookup's path takes the ids chosen from the answers before it. */
export function chainPath(chain: CatalogChain, ids: readonly number[]): string {
  return [CATALOG_PREFIX, CATALOG_CHAINS[chain], ...ids.map(String)].join('/');
}

/** Client of the catalog lookups: POST, JSON body {access_token} (4.5). */
export class CatalogClient {
  constructor(
    private readonly http: HttpClient,
    private readonly appsUrl: string,
  ) {}

  lookup(path: string, body: unknown): Promise<HttpExchange> {
    return this.http.send({
      method: 'POST',
      url: `${this.appsUrl}${path}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      // A lookup only reads (4.5): an edge's answer is retried.
      repeatable: true,
    });
  }
}
