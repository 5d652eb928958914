import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zipEntries } from './zip-entries.js';

/** One place where the marker was found; the text around it stops at the marker, never beyond. */
export interface Leak {
  where: string;
  before: string;
}

/**
 * The byte patterns of a marker as a writer may have stored it: raw (UTF-8, also what
 * percent-encoding leaves of letters and digits), UTF-16, and base64 or base64url at each of the
 * three alignments (the Playwright JSON report carries attachment bodies in base64).
 */
export function markerPatterns(marker: string): Buffer[] {
  const raw = Buffer.from(marker, 'utf8');
  const patterns = [raw, Buffer.from(marker, 'utf16le')];
  for (let shift = 0; shift < 3; shift += 1) {
    const encoded = Buffer.concat([Buffer.alloc(shift), raw]).toString('base64');
    // Characters that also depend on the bytes before or after the marker are dropped.
    const firstWhole = Math.ceil((shift * 4) / 3);
    const lastWhole = Math.floor(((shift + raw.length) * 4) / 3);
    const stable = encoded.slice(firstWhole, lastWhole);
    patterns.push(Buffer.from(stable), Buffer.from(stable.replace(/\+/g, '-').replace(/\//g, '_')));
  }
  // A marker whose base64 has no "+" or "/" gives the same pattern twice: count each hit once.
  return patterns.filter((pattern, index) => patterns.findIndex((other) => other.equals(pattern)) === index);
}

/** Every occurrence of any pattern in the bytes, with up to 60 bytes of what precedes it. */
export function scanBytes(bytes: Buffer, patterns: readonly Buffer[], where: string): Leak[] {
  const leaks: Leak[] = [];
  for (const pattern of patterns) {
    for (let at = bytes.indexOf(pattern); at >= 0; at = bytes.indexOf(pattern, at + 1)) {
      const before = bytes.toString('latin1', Math.max(0, at - 60), at).replace(/[^\x20-\x7e]/g, '.');
      leaks.push({ where, before: maskTokenLike(before) });
    }
  }
  return leaks;
}

/** Scans every file under `root`, binary ones too, and the entries of every zip archive. */
export function scanTree(root: string, patterns: readonly Buffer[]): Leak[] {
  return filesUnder(root).flatMap((file) => {
    const where = relative(root, file);
    const bytes = readFileSync(file);
    return [
      ...scanBytes(bytes, patterns, where),
      ...(file.endsWith('.zip') ? scanZip(bytes, patterns, where) : []),
    ];
  });
}

function scanZip(archive: Buffer, patterns: readonly Buffer[], where: string): Leak[] {
  return zipEntries(archive).flatMap((entry) => {
    const inner = `${where}!${entry.name}`;
    return [
      ...scanBytes(entry.content, patterns, inner),
      ...(entry.name.endsWith('.zip') ? scanZip(entry.content, patterns, inner) : []),
    ];
  });
}

/**
 * The text before a hit may end an earlier secret (`...nuXN7Wtk","token_type"`): runs that look
 * like random tokens (a digit, or a capital after the first letter) are masked, words are kept.
 */
function maskTokenLike(text: string): string {
  return text.replace(/[A-Za-z0-9_-]{6,}/g, (run) => (/\d|.[A-Z]/.test(run) ? '<masked>' : run));
}

export function filesUnder(root: string): string[] {
  return readdirSync(root, { withFileTypes: true }).flatMap((entry) => {
    const path = join(root, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() ? [path] : [];
  });
}

/** The tags the sandbox and the suite write after the marker, one per kind of secret. */
export const SECRET_KINDS = {
  'client secrets': '_cs_',
  passwords: '_pw_',
  codes: '_cd_',
  'access tokens': '_at_',
  'control key': '_ck_',
  'notification tokens': 'ntk_',
} as const;

/** How many of the leaks are of each kind, by the tag after the marker (in any encoding scanned). */
export function leaksByKind(
  marker: string,
  scan: (patterns: readonly Buffer[]) => Leak[],
): Record<keyof typeof SECRET_KINDS, number> {
  const counts = Object.entries(SECRET_KINDS).map(([kind, tag]) => [
    kind,
    scan(markerPatterns(`${marker}${tag}`)).length,
  ]);
  return Object.fromEntries(counts) as Record<keyof typeof SECRET_KINDS, number>;
}
