import { test } from '../fixtures/index.js';
import { CatalogClient, chainPath } from '../helpers/clients/catalog-client.js';
import { expectCatalogAnswer } from '../helpers/assert/expect-catalog.js';
import type { CatalogChain } from '../spec/paths.js';
import { covers, onPath } from '../helpers/assert/covers.js';
import { PARENTS_TRIED, setUpCatalogMap, type IdMap } from '../helpers/assert/catalog-set-up.js';
import { verify } from '../helpers/assert/verify.js';

/** The chains, and whether they go down to versions (cellphones stop at models). */
const CHAINS: ReadonlyArray<readonly [CatalogChain, boolean]> = [
  ['car', true],
  ['motorcycle', true],
  ['cellphone', false],
];

/** The same names with the same ids, in any order. */
function sameMap(left: IdMap, right: IdMap): boolean {
  const sorted = (map: IdMap): string =>
    JSON.stringify(Object.entries(map).sort(([a], [b]) => a.localeCompare(b)));
  return sorted(left) === sorted(right);
}

/**
 * Children of the first parents (under `above`) that have any, up to two: what the test compares.
 * Each children lookup is the one under test, so it is checked as such.
 */
async function twoChildMaps(
  catalogs: CatalogClient,
  chain: CatalogChain,
  above: readonly number[],
  parents: IdMap,
  token: string,
): Promise<Array<{ id: number; children: IdMap }>> {
  const found: Array<{ id: number; children: IdMap }> = [];
  for (const id of Object.values(parents).map(Number).slice(0, PARENTS_TRIED)) {
    const exchange = await catalogs.lookup(chainPath(chain, [...above, id]), { access_token: token });
    const children = expectCatalogAnswer(exchange, 'catalog-ids', ['R4.5-02']);
    if (Object.keys(children).length > 0) found.push({ id, children });
    if (found.length === 2) break;
  }
  return found;
}

/** Two parents with children must not get the same children; a catalog without two is reported. */
function expectDifferent(found: Array<{ id: number; children: IdMap }>, what: string): void {
  const [first, second] = found;
  if (first === undefined || second === undefined) {
    test.info().annotations.push({
      type: 'R4.5-02 not checked',
      description: `the first ${PARENTS_TRIED} ${what} parents have fewer than two with children`,
    });
    return;
  }
  verify(
    !sameMap(first.children, second.children),
    ['R4.5-02', 'R4.5-01'],
    `${what} of ${first.id} and of ${second.id} to differ (each lookup answers for the id it was asked)`,
    `the same map for both: ${JSON.stringify(first.children).slice(0, 300)}`,
  );
}

test.describe('4.5 Catalog lookups: an answer depends on the id asked for', () => {
  for (const [chain, withVersions] of CHAINS) {
    test(
      `the ${chain} chain: two brands get different models${withVersions ? ', two models different versions' : ''}`,
      onPath(covers('R4.5-01', 'R4.5-02'), `chain:${chain}`),
      async ({ client, issueToken, http, target }) => {
        const token = await issueToken(client, { scope: 'autoupload' });
        const catalogs = new CatalogClient(http, target.appsUrl);
        const brands = await setUpCatalogMap(catalogs, chainPath(chain, []), token);
        const models = await twoChildMaps(catalogs, chain, [], brands, token);
        expectDifferent(models, `${chain} models`);
        const brand = models[0];
        if (!withVersions || brand === undefined) return;
        expectDifferent(
          await twoChildMaps(catalogs, chain, [brand.id], brand.children, token),
          `${chain} versions`,
        );
      },
    );
  }
});
