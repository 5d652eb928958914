/**
 * The shape of an observed profile (`reports/observed.json`, written by the suite's
 * helpers/profile/, read by the sandbox's calibration and by `reliance`, `drift`, `fidelity`),
 * checked once for both sides: a file is hostile until this says otherwise. Every place it refuses
 * is named as a JSON pointer (`/catalog/car/children/Fiat`), so one line tells which file and where.
 * The walk is bounded before it recurses: a catalog 50,000 levels deep is refused at its 9th level,
 * never by a stack overflow. Imports nothing.
 */

/** The format of observed.json: a file of another format is refused, never compared. */
export const OBSERVED_PROFILE_FORMAT = 'classifieds-observed-profile/1';

/**
 * The bounds a profile stays within (far above what a night writes: a catalog chain is 4 levels
 * below its root, an area's value a list of lists of strings).
 */
export const PROFILE_LIMITS = {
  /** Bytes of the file. */
  fileBytes: 64 * 1024 * 1024,
  /** Levels of a catalog entry below the snapshot (chain, brand, model, version: 4). */
  catalogDepth: 8,
  /** Levels of an area's value. */
  valueDepth: 12,
  /** Characters of a string, a key or a name. */
  text: 4096,
} as const;

/**
 * C0 (but tab and line feed) and C1 controls and the bidirectional overrides: a terminal escape or
 * a line that lies about what it says. The one test of it, for profiles and contracts alike.
 */
// eslint-disable-next-line no-control-regex -- the controls are what it finds
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export function hasUnprintable(text: string): boolean {
  return UNPRINTABLE.test(text);
}

/** Where in the file, as a JSON pointer (RFC 6901), and what is wrong there. */
export interface ProfileFlaw {
  place: string;
  problem: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A pointer's segment, escaped (RFC 6901) and any unprintable character shown as its escape. */
function segment(name: string): string {
  const escaped = name.slice(0, 64).replace(/~/g, '~0').replace(/\//g, '~1');
  return JSON.stringify(escaped)
    .slice(1, -1)
    .replace(
      /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
}

const at = (place: string, name: string | number): string => `${place}/${segment(String(name))}`;

/** The first flaw of a text (a key, a name, a string value), if any. */
function textFlaw(text: string, place: string, what: string): ProfileFlaw | undefined {
  if (text.length > PROFILE_LIMITS.text)
    return { place, problem: `${what} is ${text.length} characters, over ${PROFILE_LIMITS.text}` };
  if (hasUnprintable(text)) return { place, problem: `${what} holds a control character` };
  return undefined;
}

/** The first flaw of an area's value (or any JSON value a file holds): bounded depth, printable text. */
export function valueFlaw(value: unknown, place: string, depth: number): ProfileFlaw | undefined {
  if (depth > PROFILE_LIMITS.valueDepth)
    return { place, problem: `nested deeper than ${PROFILE_LIMITS.valueDepth} levels` };
  if (value === null || typeof value === 'boolean') return undefined;
  if (typeof value === 'number')
    return Number.isFinite(value) ? undefined : { place, problem: 'a number that is not finite' };
  if (typeof value === 'string') return textFlaw(value, place, 'a string');
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const flaw = valueFlaw(item, at(place, index), depth + 1);
      if (flaw !== undefined) return flaw;
    }
    return undefined;
  }
  if (!isRecord(value)) return { place, problem: `a ${typeof value}, not a JSON value` };
  for (const [key, item] of Object.entries(value)) {
    const flaw = textFlaw(key, at(place, key), 'a key') ?? valueFlaw(item, at(place, key), depth + 1);
    if (flaw !== undefined) return flaw;
  }
  return undefined;
}

/** The first flaw of a catalog entry: an id, and below it entries by name, within the depth. */
function nodeFlaw(node: unknown, place: string, depth: number): ProfileFlaw | undefined {
  if (depth > PROFILE_LIMITS.catalogDepth)
    return { place, problem: `a catalog nested deeper than ${PROFILE_LIMITS.catalogDepth} levels` };
  if (!isRecord(node))
    return { place, problem: `${node === null ? 'null' : typeof node}, not a catalog entry` };
  const { id, children, unreached, failed } = node;
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))))
    return { place: at(place, 'id'), problem: 'an id that is neither a number nor a string' };
  const idFlaw = typeof id === 'string' ? textFlaw(id, at(place, 'id'), 'an id') : undefined;
  if (idFlaw !== undefined) return idFlaw;
  if (unreached !== undefined && unreached !== true)
    return { place: at(place, 'unreached'), problem: 'not true' };
  if (failed !== undefined && typeof failed !== 'string')
    return { place: at(place, 'failed'), problem: 'not a string' };
  if (typeof failed === 'string') {
    const flaw = textFlaw(failed, at(place, 'failed'), 'a string');
    if (flaw !== undefined) return flaw;
  }
  if (children === undefined) return undefined;
  const below = at(place, 'children');
  if (!isRecord(children)) return { place: below, problem: 'not an object of entries by name' };
  for (const [name, child] of Object.entries(children)) {
    const flaw = textFlaw(name, at(below, name), 'a name') ?? nodeFlaw(child, at(below, name), depth + 1);
    if (flaw !== undefined) return flaw;
  }
  return undefined;
}

function areasFlaw(areas: unknown): ProfileFlaw | undefined {
  if (!isRecord(areas)) return { place: '/areas', problem: 'missing or not an object' };
  for (const [name, keys] of Object.entries(areas)) {
    const place = at('/areas', name);
    const flaw = textFlaw(name, place, 'an area name');
    if (flaw !== undefined) return flaw;
    if (!isRecord(keys))
      return { place, problem: `${keys === null ? 'null' : typeof keys}, not an object of keys` };
    for (const [key, value] of Object.entries(keys)) {
      const inner = textFlaw(key, at(place, key), 'a key') ?? valueFlaw(value, at(place, key), 1);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}

function catalogFlaw(catalog: unknown): ProfileFlaw | undefined {
  if (catalog === null || catalog === undefined) return undefined;
  if (!isRecord(catalog)) return { place: '/catalog', problem: 'neither null nor an object of chains' };
  for (const [chain, root] of Object.entries(catalog)) {
    const flaw =
      textFlaw(chain, at('/catalog', chain), 'a chain name') ?? nodeFlaw(root, at('/catalog', chain), 1);
    if (flaw !== undefined) return flaw;
  }
  return undefined;
}

/**
 * The first flaw of a parsed profile, or undefined when it is one: its format, its target and time
 * (text when given), its run (an object when given), its areas and its catalog snapshot.
 */
export function observedProfileFlaw(value: unknown): ProfileFlaw | undefined {
  if (!isRecord(value)) return { place: '', problem: 'not a JSON object' };
  if (value.format !== OBSERVED_PROFILE_FORMAT)
    return {
      place: '/format',
      problem: `${JSON.stringify(typeof value.format === 'string' ? value.format.slice(0, 64) : (value.format ?? null))}, not ${OBSERVED_PROFILE_FORMAT}`,
    };
  for (const name of ['target', 'observedAt']) {
    const text = value[name];
    if (text === undefined) continue;
    if (typeof text !== 'string') return { place: `/${name}`, problem: 'not a string' };
    const flaw = textFlaw(text, `/${name}`, 'a string');
    if (flaw !== undefined) return flaw;
  }
  if (value.run !== undefined) {
    if (!isRecord(value.run)) return { place: '/run', problem: 'not an object' };
    const flaw = valueFlaw(value.run, '/run', 1);
    if (flaw !== undefined) return flaw;
  }
  return areasFlaw(value.areas) ?? catalogFlaw(value.catalog);
}

/** A flaw as the words after a file's name: `at /catalog/car: null, not a catalog entry`. */
export function flawText(flaw: ProfileFlaw): string {
  return flaw.place === '' ? flaw.problem : `at ${flaw.place}: ${flaw.problem}`;
}
