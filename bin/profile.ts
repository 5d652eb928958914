// classifieds-conformance profile PARTS_DIR... [--baseline FILE] [--out DIR]: one observed profile
// from the observation files of several runs (the nightly's shards upload reports/observed-parts),
// compared with a baseline when one is given. A sharded night has no whole profile in any one shard:
// each saw only its tests, and a shard's profile against last night's whole one would report every
// key of the other shards as removed. Exit status: 0 (1 when CONFORMANCE_DRIFT_FAILS=1 and
// something changed; 2 for no observation at all).
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  compareWithBaseline,
  profileFiles,
  profileSummary,
  readObservations,
} from '../helpers/profile/collect.js';
import { buildProfile, profileText, targetIdentity } from '../helpers/profile/profile.js';
import { settings } from '../config/environment.js';

function main(): number {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { baseline: { type: 'string' }, out: { type: 'string', default: 'reports' } },
  });
  if (positionals.length === 0) {
    console.error('Usage: classifieds-conformance profile PARTS_DIR... [--baseline FILE] [--out DIR]');
    return 2;
  }
  const observations = positionals.flatMap((dir) => readObservations(dir));
  if (observations.length === 0) {
    console.error(`profile: no observation in ${positionals.join(', ')}: no profile written`);
    return 2;
  }
  const profile = buildProfile(observations, targetIdentity(), new Date().toISOString());
  mkdirSync(values.out, { recursive: true });
  const files = profileFiles(values.out);
  writeFileSync(files.observed, profileText(profile));
  console.log(profileSummary(profile, resolve(files.observed)));
  const baseline = values.baseline ?? '';
  const comparison = compareWithBaseline(profile, values.out, { CONFORMANCE_BASELINE: baseline });
  if (comparison === null) return 0;
  console.log(comparison.line);
  const changed = (comparison.changes?.length ?? 0) > 0;
  return changed && settings().CONFORMANCE_DRIFT_FAILS ? 1 : 0;
}

process.exitCode = main();
