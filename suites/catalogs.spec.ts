import fc from 'fast-check';
import { test } from '../fixtures/index.js';
import { CatalogClient, chainPath } from '../helpers/clients/catalog-client.js';
import { expectCatalogAnswer } from '../helpers/assert/expect-catalog.js';
import { CUBIC_CAPACITIES_PATH, type CatalogChain } from '../spec/paths.js';
import { asCase, covers, onPath } from '../helpers/assert/covers.js';
import { parseJsonBody } from '../helpers/record/exchange.js';
import { assertProperty } from '../helpers/assert/property.js';
import { verify } from '../helpers/assert/verify.js';
import { setUpPathsBelowBrands } from '../helpers/assert/catalog-set-up.js';
import { sideBySide } from '../helpers/assert/side-by-side.js';

const CHAINS: ReadonlyArray<readonly [CatalogChain, number]> = [
  ['car', 3],
  ['motorcycle', 3],
  ['cellphone', 2],
];

test.describe('4.5 Catalog lookups', () => {
  test(
    'motorcycle cubic capacities map numeric-string ids to labels',
    covers('R4.5-01', 'R2.6-01', 'R2.6-02', 'R9-06'),
    async ({ client, issueToken, http, target }) => {
      const token = await issueToken(client, { scope: 'autoupload' });
      const data = expectCatalogAnswer(
        await new CatalogClient(http, target.appsUrl).lookup(CUBIC_CAPACITIES_PATH, { access_token: token }),
        'catalog-cubic-capacities',
        ['R9-06'],
      );
      verify(Object.keys(data).length > 0, 'R2.6-02', 'at least one cubic capacity', 'an empty map');
    },
  );

  for (const [chain, depth] of CHAINS) {
    test(
      `the ${chain} chain: generated picks from each answer lead to the next lookup`,
      // A case per chain: the fault-detection self-test walks the car's alone.
      asCase(
        onPath(
          covers('R4.5-01', 'R4.5-02', 'R2.6-01', 'R2.6-02', 'R9-06'),
          `chain:${chain}`,
          'scope:sufficient',
        ),
        `catalog-chain-${chain}`,
      ),
      async ({ client, issueToken, http, target }) => {
        const token = await issueToken(client, { scope: 'autoupload' });
        const catalogs = new CatalogClient(http, target.appsUrl);
        const brands = expectCatalogAnswer(
          await catalogs.lookup(chainPath(chain, []), { access_token: token }),
          'catalog-ids',
          ['R9-06'],
        );
        verify(Object.keys(brands).length > 0, 'R2.6-02', `at least one ${chain} brand`, 'an empty map');
        await assertProperty(
          `${chain} chain`,
          fc.asyncProperty(
            fc.array(fc.nat(), { minLength: depth - 1, maxLength: depth - 1 }),
            async (picks) => {
              let answer = brands;
              const ids: number[] = [];
              for (const pick of picks) {
                const names = Object.keys(answer);
                if (names.length === 0) return;
                ids.push(answer[names[pick % names.length] as string] as number);
                answer = expectCatalogAnswer(
                  await catalogs.lookup(chainPath(chain, ids), { access_token: token }),
                  'catalog-ids',
                  ['R4.5-02'],
                );
              }
            },
          ),
          // A step is a chain's few lookups.
          { runs: 8, shrink: { seconds: 10, requests: 100 } },
        );
      },
    );
  }

  // Every lookup, not the first of each chain only: a server may check the token where a chain
  // starts and not below it. The ids below come from the chain walked with a valid token (4.5).
  for (const [label, body, caseName] of [
    ['an unknown token', { access_token: 'not-a-token-of-this-server' }, 'catalog-unknown-token'],
    ['no token', {}, 'catalog-no-token'],
  ] as const) {
    test(
      `${label} is never answered with status ok`,
      asCase(covers('R4.5-01', 'R5-06'), caseName),
      async ({ client, issueToken, http, target }) => {
        const catalogs = new CatalogClient(http, target.appsUrl);
        const tops = [...CHAINS.map(([chain]) => chainPath(chain, [])), CUBIC_CAPACITIES_PATH];
        await sideBySide(tops.map((path) => () => expectNotOk(catalogs, path, body, label)));
        const token = await issueToken(client, { scope: 'autoupload' });
        // The chains are independent of each other; within one, each id comes from the lookup above.
        await sideBySide(
          CHAINS.map(([chain, depth]) => async () => {
            const below = await setUpPathsBelowBrands(catalogs, chain, depth > 2, token);
            if (below.length < depth - 1)
              test.info().annotations.push({
                type: 'R5-06 not checked',
                description: `the ${chain} versions lookup: none of the first ${chain} brands has a model`,
              });
            await sideBySide(below.map((path) => () => expectNotOk(catalogs, path, body, label)));
          }),
        );
      },
    );
  }
});

/** The refusal 4.5 leaves open (status and format not shown): anything but status ok. */
async function expectNotOk(
  catalogs: CatalogClient,
  path: string,
  body: object,
  label: string,
): Promise<void> {
  const exchange = await catalogs.lookup(path, body);
  const answer = parseJsonBody(exchange) as { status?: unknown } | undefined;
  verify(answer?.status !== 'ok', {
    expected: `${path} to refuse ${label}`,
    observed: `status ok (HTTP ${exchange.response.status})`,
    evidence: exchange,
  });
}
