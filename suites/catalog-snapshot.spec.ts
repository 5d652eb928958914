import { test } from '../fixtures/index.js';
import { covers } from '../helpers/assert/covers.js';
import { verify } from '../helpers/assert/verify.js';
import { pathKey, snapshotCounts, unreachedPaths } from '../helpers/profile/catalog-tree.js';
import { catalogBudget, previouslyUnreached } from '../helpers/profile/catalog-snapshot.js';
import { CatalogWalk } from '../helpers/clients/catalog-walk.js';
import { observe, type Observed } from '../helpers/profile/observe.js';
import { CATALOG_AREA, RUN_AREA, SNAPSHOT_KEY } from '../helpers/profile/profile.js';
import { attachText } from '../helpers/report/report.js';
import { patient } from '../helpers/target/patience.js';

/**
 * The catalog snapshot of the observed profile: every lookup chain of 4.5 walked to its
 * end within CONFORMANCE_CATALOG_BUDGET requests, each answer checked as a catalog (2.6).
 */
test.describe('4.5 Catalog lookups', () => {
  test(
    'every chain walked to its end answers catalogs (the snapshot of the observed profile)',
    covers('R4.5-01', 'R4.5-02', 'R2.6-01'),
    async ({ client, issueToken, http, target }) => {
      const budget = catalogBudget();
      // Each lookup is a request of its own; a target that limits them is waited out.
      test.setTimeout(patient(Math.max(120_000, budget * 1_000)));
      const token = await issueToken(client, { scope: 'autoupload' });
      const first = previouslyUnreached();
      const walk = new CatalogWalk(
        (path) =>
          http.send({
            method: 'POST',
            url: `${target.appsUrl}${path}`,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ access_token: token }),
            // Hundreds of lookups: the report shows the first one that failed, not every one.
            quiet: true,
          }),
        budget,
        first,
      );
      const { snapshot, requests, firstFailure } = await walk.run();
      observe(CATALOG_AREA, SNAPSHOT_KEY, snapshot as unknown as Observed);
      observe(RUN_AREA, 'catalog requests', requests);
      const counts = snapshotCounts(snapshot);
      await attachText(
        'catalog snapshot',
        [
          `${counts.entries} entries in ${requests} requests (budget ${budget}), ${counts.unreached} lookups not reached`,
          `made first (not reached by the last run): ${first.size}`,
          ...unreachedPaths(snapshot)
            .slice(0, 50)
            .map((path) => `not reached: ${pathKey(path)}`),
        ].join('\n'),
      );
      verify(firstFailure === undefined, {
        ids: ['R4.5-01', 'R2.6-01'],
        expected: 'every lookup of every chain answers a 2xx with status ok and a data map',
        observed: `HTTP ${firstFailure?.response.status ?? ''}`,
        evidence: firstFailure,
      });
    },
  );
});
