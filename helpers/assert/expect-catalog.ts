import { isSuccess, parseJsonBody, type HttpExchange } from '../record/exchange.js';
import { schemaViolations } from './schemas.js';
import { verify } from './verify.js';

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
