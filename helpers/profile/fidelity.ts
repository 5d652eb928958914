import type { CatalogNode, CatalogSnapshot } from './catalog-tree.js';
import type { Observed } from './observe.js';
import { canonical, type Profile } from './profile.js';

/**
 * The fidelity of a double: its observed profile beside the marketplace's, fact by fact. A fact is
 * an area's key, or a catalog entry (its path of names, its id). Each is agreed, differs (both
 * values), or observed on one side only; the score counts agreed among the marketplace's facts,
 * and among those the double's calibration claims to reproduce (calibration.json).
 */

export type FactVerdict = 'agreed' | 'differs' | 'marketplace only' | 'double only';

export interface FactComparison {
  /** `area | key`, or `catalog | chain / name / ...`. */
  fact: string;
  verdict: FactVerdict;
  marketplace?: Observed;
  double?: Observed;
}

export interface Fidelity {
  facts: FactComparison[];
  /** Agreed among the marketplace's facts. */
  agreed: number;
  total: number;
  /** Agreed among the facts the calibration claims (null: no calibration file given). */
  claimed: { agreed: number; total: number; differing: string[] } | null;
}

/** Every catalog entry as `catalog | chain / names` → id (unreached or failed lookups as such). */
export function catalogFacts(snapshot: CatalogSnapshot | null): Map<string, Observed> {
  const facts = new Map<string, Observed>();
  const walk = (node: CatalogNode, path: string): void => {
    if (node.unreached === true) return;
    if (node.failed !== undefined) facts.set(`catalog | ${path} (lookup)`, `failed: ${node.failed}`);
    for (const [name, child] of Object.entries(node.children ?? {})) {
      facts.set(`catalog | ${path} / ${name}`, child.id);
      walk(child, `${path} / ${name}`);
    }
  };
  for (const [chain, root] of Object.entries(snapshot ?? {})) walk(root, chain);
  return facts;
}

/** Every fact of a profile by its name. */
export function profileFacts(profile: Profile): Map<string, Observed> {
  const facts = new Map<string, Observed>();
  for (const [area, keys] of Object.entries(profile.areas))
    for (const [key, value] of Object.entries(keys)) facts.set(`${area} | ${key}`, value);
  for (const [fact, value] of catalogFacts(profile.catalog)) facts.set(fact, value);
  return facts;
}

function compared(
  fact: string,
  marketplace: Observed | undefined,
  double: Observed | undefined,
): FactComparison {
  if (marketplace === undefined) return { fact, verdict: 'double only', double: double ?? null };
  if (double === undefined) return { fact, verdict: 'marketplace only', marketplace };
  return {
    fact,
    verdict: canonical(marketplace) === canonical(double) ? 'agreed' : 'differs',
    marketplace,
    double,
  };
}

/**
 * The comparison. `claimed`: the facts (`area | key`) the double's calibration says it
 * reproduces, and whether it serves the marketplace's catalog (then every catalog fact is claimed).
 */
export function fidelityOf(
  marketplace: Profile,
  double: Profile,
  claimed?: { facts: ReadonlySet<string>; catalog: boolean },
): Fidelity {
  const ours = profileFacts(marketplace);
  const theirs = profileFacts(double);
  const names = [...new Set([...ours.keys(), ...theirs.keys()])].sort();
  const facts = names.map((name) => compared(name, ours.get(name), theirs.get(name)));
  const ofMarketplace = facts.filter((fact) => fact.verdict !== 'double only');
  const isClaimed = (fact: FactComparison): boolean =>
    claimed !== undefined &&
    (claimed.facts.has(fact.fact) || (claimed.catalog && fact.fact.startsWith('catalog | ')));
  const claimedFacts = ofMarketplace.filter(isClaimed);
  return {
    facts,
    agreed: ofMarketplace.filter((fact) => fact.verdict === 'agreed').length,
    total: ofMarketplace.length,
    claimed:
      claimed === undefined
        ? null
        : {
            agreed: claimedFacts.filter((fact) => fact.verdict === 'agreed').length,
            total: claimedFacts.length,
            differing: claimedFacts.filter((fact) => fact.verdict !== 'agreed').map((fact) => fact.fact),
          },
  };
}

function percent(agreed: number, total: number): string {
  return total === 0 ? 'n/a' : `${Math.floor((agreed / total) * 1000) / 10} %`;
}

/** The score line: what the nightly's summary shows. */
export function fidelityLine(fidelity: Fidelity): string {
  const claimed =
    fidelity.claimed === null
      ? ''
      : `; ${fidelity.claimed.agreed} of the ${fidelity.claimed.total} it claims to reproduce (${percent(fidelity.claimed.agreed, fidelity.claimed.total)})`;
  return `fidelity: the double agreed with the marketplace on ${fidelity.agreed} of ${fidelity.total} facts (${percent(fidelity.agreed, fidelity.total)})${claimed}`;
}

const cell = (value: Observed | undefined): string =>
  value === undefined ? '' : `\`${JSON.stringify(value).replace(/\|/g, '\\|')}\``;

export interface AreaFidelity {
  area: string;
  agreed: number;
  /** The marketplace's facts of the area. */
  total: number;
  /** The facts of the area the double did not agree on, by name. */
  differing: string[];
}

/** The score area by area (catalog by chain), worst first: where the double is least like it. */
export function fidelityByArea(fidelity: Fidelity): AreaFidelity[] {
  const areas = new Map<string, AreaFidelity>();
  for (const fact of fidelity.facts) {
    if (fact.verdict === 'double only') continue;
    const [area = '', rest = ''] = fact.fact.split(' | ');
    const name = area === 'catalog' ? `catalog ${rest.split(' / ')[0] ?? ''}` : area;
    const entry = areas.get(name) ?? { area: name, agreed: 0, total: 0, differing: [] };
    entry.total += 1;
    if (fact.verdict === 'agreed') entry.agreed += 1;
    else entry.differing.push(area === 'catalog' ? rest : rest || fact.fact);
    areas.set(name, entry);
  }
  return [...areas.values()].sort(
    (a, b) => a.agreed / a.total - b.agreed / b.total || (a.area < b.area ? -1 : 1),
  );
}

/** The per-area table: each area's score and the facts that differ (the first five named). */
function areaRows(fidelity: Fidelity): string[] {
  const rows = fidelityByArea(fidelity).map(
    (area) =>
      `| ${area.area} | ${area.agreed} of ${area.total} (${percent(area.agreed, area.total)}) | ${area.differing
        .slice(0, 5)
        .map((fact) => fact.replace(/\|/g, '·'))
        .join('; ')}${area.differing.length > 5 ? `; and ${area.differing.length - 5} more` : ''} |`,
  );
  return ['| area | agreed | differing |', '| --- | --- | --- |', ...rows, ''];
}

/** The differences as Markdown (job summary, Allure attachment): per area, then one row per fact not agreed. */
export function fidelityMarkdown(fidelity: Fidelity): string {
  const rows = fidelity.facts
    .filter((fact) => fact.verdict !== 'agreed')
    .map(
      (fact) =>
        `| ${fact.fact.replace(/\|/g, '·')} | ${fact.verdict} | ${cell(fact.marketplace)} | ${cell(fact.double)} |`,
    );
  return [
    `## Fidelity of the double\n`,
    fidelityLine(fidelity),
    '',
    ...areaRows(fidelity),
    ...(rows.length === 0
      ? ['Every fact agreed.']
      : ['| fact | verdict | marketplace | double |', '| --- | --- | --- | --- |', ...rows]),
    '',
  ].join('\n');
}

/**
 * One fact as a test of a report (Allure: report-card/reliance/allure.ts writes it): its name, the
 * group it sorts under, its status, why, and the two values where they differ.
 */
export interface FactTest {
  name: string;
  group: string;
  status: 'passed' | 'failed' | 'skipped';
  message?: string;
  /** What was expected (the marketplace's value; what a client relies on). */
  expected?: string;
  /** What came instead (the double's value; what the marketplace does now). */
  actual?: string;
}

const shown = (value: Observed | undefined): string =>
  value === undefined ? '(not observed)' : JSON.stringify(value);

/**
 * Each fact of a fidelity as a test: agreed passed; a difference failed, with both values, unless
 * the double's calibration says it cannot reproduce that fact (skipped: a known gap, listed in
 * calibration.json, not a failure each night); a claimed fact the double did not show failed; a
 * fact observed on one side only skipped (not observed on the other).
 */
export function fidelityTests(fidelity: Fidelity): FactTest[] {
  const claimedDiffering = new Set(fidelity.claimed?.differing ?? []);
  return fidelity.facts.map((fact): FactTest => {
    const group = fact.fact.split(' | ')[0] ?? fact.fact;
    const base = { name: fact.fact, group };
    const values = { expected: shown(fact.marketplace), actual: shown(fact.double) };
    const both = `marketplace ${values.expected}, double ${values.actual}`;
    if (fact.verdict === 'agreed') return { ...base, status: 'passed' };
    if (claimedDiffering.has(fact.fact))
      return {
        ...base,
        status: 'failed',
        message: `the calibration claims this fact and the double ${fact.verdict === 'differs' ? 'differs' : 'did not show it'}: ${both}`,
        ...values,
      };
    if (fact.verdict === 'differs')
      return fidelity.claimed === null
        ? { ...base, status: 'failed', message: `differs: ${both}`, ...values }
        : {
            ...base,
            status: 'skipped',
            message: `differs, and the calibration lists it as not reproducible: ${both}`,
            ...values,
          };
    const side = fact.verdict === 'marketplace only' ? 'double' : 'marketplace';
    return { ...base, status: 'skipped', message: `not observed on the ${side}: ${both}`, ...values };
  });
}
