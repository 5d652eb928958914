import type { CatalogChain } from '../../spec/paths.js';
import { chainPath, type CatalogClient } from '../clients/catalog-client.js';
import { parseJsonBody } from '../record/exchange.js';
import { SetUpError } from './set-up.js';

/** A lookup's `data`: names to ids (2.6). */
export type IdMap = Record<string, number | string>;

/**
 * Parents tried at most per level: enough to find one with children (or two, to compare theirs),
 * few enough to stay cheap.
 */
export const PARENTS_TRIED = 4;

/**
 * A lookup used only to find ids to ask with: its own checks are the chain tests'. A lookup that
 * gives no map ends the test as broken, naming the path.
 */
export async function setUpCatalogMap(catalogs: CatalogClient, path: string, token: string): Promise<IdMap> {
  const exchange = await catalogs.lookup(path, { access_token: token });
  const body = parseJsonBody(exchange) as { status?: unknown; data?: unknown } | undefined;
  if (body?.status !== 'ok' || typeof body.data !== 'object' || body.data === null)
    throw new SetUpError(`the lookup ${path} gave no map to take ids from`, exchange.response.body);
  return body.data as IdMap;
}

/**
 * The paths of a chain below its brands that a valid token reaches (4.5: each id from the
 * preceding lookup): the models of a brand and, with `withVersions`, the versions of one of its
 * models. The brand is the first of the first few that has models; a catalog where none has any
 * gives the models path of the first brand alone.
 */
export async function setUpPathsBelowBrands(
  catalogs: CatalogClient,
  chain: CatalogChain,
  withVersions: boolean,
  token: string,
): Promise<string[]> {
  const brandIds = Object.values(await setUpCatalogMap(catalogs, chainPath(chain, []), token))
    .map(Number)
    .slice(0, PARENTS_TRIED);
  const first = brandIds[0];
  if (first === undefined) throw new SetUpError(`the ${chain} brands lookup gave no brand to ask with`);
  for (const brandId of brandIds) {
    const models = Object.values(await setUpCatalogMap(catalogs, chainPath(chain, [brandId]), token));
    const modelId = models.map(Number)[0];
    if (modelId === undefined) continue;
    const modelsPath = chainPath(chain, [brandId]);
    return withVersions ? [modelsPath, chainPath(chain, [brandId, modelId])] : [modelsPath];
  }
  return [chainPath(chain, [first])];
}
