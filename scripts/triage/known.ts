// The team's known deviations (conformance-known.yaml in its repository): requirement ids it has
// accepted for a while, each with a reason, a link and an expiry date. Read and checked before the
// tests run: a malformed file or an id the catalogue lacks refuses the run in one line.
import { existsSync, readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { REQUIREMENTS } from '../../spec/requirements/catalogue.js';

export interface KnownDeviation {
  requirement: string;
  reason: string;
  link: string;
  /** The last day the deviation is accepted (YYYY-MM-DD, UTC). */
  expires: string;
}

const SCHEMA = {
  type: 'object',
  required: ['known'],
  additionalProperties: false,
  properties: {
    known: {
      // `known:` alone (every entry removed) is an empty list.
      type: ['array', 'null'],
      items: {
        type: 'object',
        required: ['requirement', 'reason', 'link', 'expires'],
        additionalProperties: false,
        properties: {
          requirement: { type: 'string', pattern: '^R[0-9.]+-[0-9]+$' },
          reason: { type: 'string', minLength: 1 },
          link: { type: 'string', format: 'uri' },
          expires: { type: 'string', format: 'date' },
        },
      },
    },
  },
} as const;

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const validate = addFormats(new Ajv2020({ allErrors: false, strict: true })).compile<{
  known: KnownDeviation[] | null;
}>(SCHEMA);

/** The file's deviations, or the one line that refuses the run. No file: none known. */
export function readKnown(path: string): { known: KnownDeviation[] } | { problem: string } {
  if (!existsSync(path)) return { known: [] };
  let document: unknown;
  try {
    // YAML 1.2's core schema: an unquoted 2027-03-31 stays a string.
    document = parse(readFileSync(path, 'utf8')) as unknown;
  } catch (error) {
    return { problem: `${path}: not YAML (${firstLine(error)})` };
  }
  // A file of comments only (as init writes it) holds no deviation.
  if (document === null || document === undefined) return { known: [] };
  if (!validate(document)) {
    const [first] = validate.errors ?? [];
    const where = first?.instancePath === '' ? 'the file' : (first?.instancePath ?? 'the file');
    const extra = (first?.params as { additionalProperty?: string } | undefined)?.additionalProperty;
    const message =
      extra === undefined ? (first?.message ?? 'is malformed') : `has an unknown field "${extra}"`;
    return { problem: `${path}: ${where} ${message} (see docs/triage.md)` };
  }
  const known = document.known ?? [];
  return checkIds(path, known) ?? { known };
}

function checkIds(path: string, known: readonly KnownDeviation[]): { problem: string } | undefined {
  const ids = new Set(REQUIREMENTS.map((found) => found.id));
  const unknown = known.find((entry) => !ids.has(entry.requirement));
  if (unknown !== undefined)
    return {
      problem: `${path}: ${unknown.requirement} is no requirement of the catalogue (npm run requirements lists them)`,
    };
  const seen = new Set<string>();
  const twice = known.find((entry) =>
    seen.has(entry.requirement) ? true : (seen.add(entry.requirement), false),
  );
  if (twice !== undefined) return { problem: `${path}: ${twice.requirement} is listed twice` };
  return undefined;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

/** Whole days from `today` to the expiry: 0 on its last day, negative once past. */
export function daysToExpiry(deviation: Pick<KnownDeviation, 'expires'>, today: Date): number {
  const day = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.round((Date.parse(`${deviation.expires}T00:00:00Z`) - day) / 86_400_000);
}

/** The requirement ids whose deviation is accepted on `today` (not expired). */
export function acceptedOn(known: readonly KnownDeviation[], today: Date): Set<string> {
  return new Set(known.filter((entry) => daysToExpiry(entry, today) >= 0).map((entry) => entry.requirement));
}
