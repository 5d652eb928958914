// Requirement × path coverage (spec/requirements/paths.ts, path-declarations.ts): which paths each
// requirement lists, which tests take each (their `@path:` tags beside the requirement's id), and
// the listed paths no test takes and no reason excuses. Read from Playwright's own test list.
import { REQUIREMENT_PATHS } from '../spec/requirements/path-declarations.js';
import { ALL_PATHS, pathOfTag, type Path } from '../spec/requirements/paths.js';
import { REQUIREMENTS } from '../spec/requirements/catalogue.js';
import type { JsonSpec } from './lib.js';

/** One requirement's paths: the tests on each, or the reason it cannot be observed. */
export interface PathRow {
  id: string;
  cells: Array<{ path: Path; tests: string[]; unobservable?: string }>;
}

export interface PathCoverage {
  rows: PathRow[];
  /** `id path`: listed as tested, taken by no test. */
  missing: string[];
  /** `id path`: a test takes the path, the requirement does not list it (a note, not a failure). */
  undeclared: string[];
  /** Declarations naming a requirement the catalogue does not have. */
  unknownIds: string[];
}

/** The tests tagged with each requirement id on each path. */
function testsByIdAndPath(specs: readonly JsonSpec[]): Map<string, Map<Path, string[]>> {
  const found = new Map<string, Map<Path, string[]>>();
  for (const spec of specs) {
    const tags = spec.tags ?? [];
    const paths = tags.flatMap((tag) => {
      const path = pathOfTag(tag.startsWith('@') ? tag : `@${tag}`);
      return path === undefined ? [] : [path];
    });
    for (const tag of tags) {
      const id = tag.replace(/^@/, '');
      const byPath = found.get(id) ?? new Map<Path, string[]>();
      for (const path of paths) byPath.set(path, [...(byPath.get(path) ?? []), spec.title]);
      found.set(id, byPath);
    }
  }
  return found;
}

export function pathCoverage(specs: readonly JsonSpec[]): PathCoverage {
  const tested = testsByIdAndPath(specs);
  const known = new Set(REQUIREMENTS.map((found) => found.id));
  const rows: PathRow[] = [];
  const missing: string[] = [];
  for (const [id, declared] of Object.entries(REQUIREMENT_PATHS)) {
    const cells = ALL_PATHS.flatMap((path) => {
      const declaration = declared[path];
      if (declaration === undefined) return [];
      const tests = tested.get(id)?.get(path) ?? [];
      if (declaration === 'tested' && tests.length === 0) missing.push(`${id} ${path}`);
      return [
        {
          path,
          tests,
          ...(declaration === 'tested' ? {} : { unobservable: declaration.replace(/^unobservable: /, '') }),
        },
      ];
    });
    rows.push({ id, cells });
  }
  const undeclared = [...tested].flatMap(([id, byPath]) =>
    [...byPath.keys()]
      .filter((path) => known.has(id) && REQUIREMENT_PATHS[id]?.[path] === undefined)
      .map((path) => `${id} ${path}`),
  );
  const unknownIds = Object.keys(REQUIREMENT_PATHS).filter((id) => !known.has(id));
  return { rows, missing, undeclared, unknownIds };
}

/** The table as printed by `npm run requirements`: one line per requirement, a cell per path. */
export function pathLines(coverage: PathCoverage, all: boolean): string[] {
  const lines = ['requirement × path (tests on each path; - : cannot be observed, the reason below):'];
  for (const row of coverage.rows) {
    const cells = row.cells.map(
      (cell) => `${cell.path} ${cell.unobservable === undefined ? String(cell.tests.length) : '-'}`,
    );
    lines.push(`  ${row.id.padEnd(9)} ${cells.join('  ')}`);
    for (const cell of row.cells) {
      if (cell.unobservable !== undefined) lines.push(`            ${cell.path}: ${cell.unobservable}`);
      else if (all) for (const title of cell.tests) lines.push(`            ${cell.path}: ${title}`);
    }
  }
  for (const entry of coverage.missing)
    lines.push(`PATH UNCOVERED ${entry}: no test takes it, and no reason is given`);
  for (const id of coverage.unknownIds) lines.push(`PATH UNKNOWN ID ${id}: not in the catalogue`);
  // A path tag names every id of its test: most pairs it makes are not choices of that requirement.
  if (coverage.undeclared.length > 0)
    lines.push(
      `${coverage.undeclared.length} (requirement, path) pairs are tagged without being listed${all ? `: ${coverage.undeclared.join(', ')}` : ' (--all names them)'}`,
    );
  const cells = coverage.rows.flatMap((row) => row.cells);
  lines.push(
    `${coverage.rows.length} requirements list ${cells.length} paths: ${cells.filter((cell) => cell.unobservable === undefined && cell.tests.length > 0).length} covered by a test, ${cells.filter((cell) => cell.unobservable !== undefined).length} unobservable with a reason, ${coverage.missing.length} uncovered`,
  );
  return lines;
}
