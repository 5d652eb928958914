import { CATALOG_CHAINS, CATALOG_PREFIX, type CatalogChain } from '../../spec/paths.js';
import { isSuccess, parseJsonBody, type HttpExchange } from './exchange.js';
import type { HttpClient } from './http.js';
import { schemaViolations } from '../assert/schemas.js';
import { verify } from '../assert/verify.js';

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

/**
 * A lookup answered per 2.6: `status` ok and `data` of the lookup's shape. `ids` are further
 * requirements a refusal of this very request breaks (the unversioned path of section 9).
 */
export function expectCatalogAnswer(
  exchange: HttpExchange,
  shape: 'catalog-ids' | 'catalog-cubic-capacities',
  ids: readonly string[] = [],
): Record<string, number | string> {
  const body = parseJsonBody(exchange) as { status?: unknown } | undefined;
  verify(
    isSuccess(exchange.response.status) && body?.status === 'ok',
    ['R2.6-01', 'R4.5-01', ...ids],
    'a 2xx (the spec shows no status) with status "ok"',
    `HTTP ${exchange.response.status}, status ${JSON.stringify(body?.status)}`,
    exchange,
  );
  const violations = schemaViolations(shape, body);
  verify(
    violations.length === 0,
    'R2.6-02',
    `data shaped as schemas/openapi.yaml#/components/schemas/${shape}`,
    violations.slice(0, 5).join('; '),
    exchange,
  );
  return (body as unknown as { data: Record<string, number | string> }).data;
}
