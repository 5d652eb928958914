// How to reach the standalone sandbox, kept in its data folder (docs/sandbox-service.md): the control
// key made once and kept (`control-key`, mode 600) so that scripts holding it survive a restart,
// changed only by `classifieds-conformance sandbox --new-key`; and where the running sandbox
// answers with the key in force (`control.json`, mode 600), read by `switch`, `switches` and
// `client-report` when SANDBOX_CONTROL_URL and SANDBOX_CONTROL_KEY are unset. The key's SHA-256 is
// written beside it (`control-key.sha256`): a key changed by a flipped byte is refused at start,
// never served as the key.
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataFileError, REMEDY } from '../persist/data-file.js';
import { CONTROL_KEY_FILE, CONTROL_KEY_SUM_FILE, withRemedy } from '../persist/last-good.js';

export { CONTROL_KEY_FILE };
export const CONTROL_FILE = 'control.json';

/** Where a running sandbox answers: its control API and the key in force. */
export interface ControlReach {
  controlUrl: string;
  key: string;
  authUrl: string;
  appsUrl: string;
  caFile: string;
}

function writePrivate(file: string, text: string): void {
  writeFileSync(file, text, { mode: 0o600 });
  // The mode of writeFileSync holds only for a new file.
  chmodSync(file, 0o600);
}

export function newControlKey(secretPrefix: string): string {
  return `${secretPrefix}${randomBytes(18).toString('base64url')}`;
}

const sumOf = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * The data folder's key, made and kept the first time (or when `rotate`). A key whose checksum
 * does not match is refused (a DataFileError); a folder of an earlier release, with no checksum,
 * is given one.
 */
export function keptControlKey(dataDir: string, secretPrefix: string, rotate = false): string {
  const file = join(dataDir, CONTROL_KEY_FILE);
  const sumFile = join(dataDir, CONTROL_KEY_SUM_FILE);
  if (!rotate && existsSync(file)) {
    const text = readFileSync(file, 'utf8');
    const kept = text.trim();
    const sum = existsSync(sumFile) ? readFileSync(sumFile, 'utf8').trim() : undefined;
    if (sum !== undefined && sum !== sumOf(text))
      throw withRemedy(
        new DataFileError(
          `${file}: damaged (not the key its checksum ${sumFile} was written with); ${REMEDY}`,
        ),
        dataDir,
      );
    if (sum === undefined && kept !== '') writePrivate(sumFile, `${sumOf(text)}\n`);
    if (kept !== '') return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = newControlKey(secretPrefix);
  writePrivate(file, `${key}\n`);
  writePrivate(sumFile, `${sumOf(`${key}\n`)}\n`);
  return key;
}

/** Written at every start: how the commands find this sandbox. */
export function writeControlReach(dataDir: string, reach: ControlReach): void {
  writePrivate(join(dataDir, CONTROL_FILE), `${JSON.stringify(reach, null, 2)}\n`);
}

/** The running sandbox of a data folder, or undefined when none has started there. */
export function readControlReach(dataDir: string): ControlReach | undefined {
  const file = join(dataDir, CONTROL_FILE);
  if (!existsSync(file)) return undefined;
  const reach = JSON.parse(readFileSync(file, 'utf8')) as Partial<ControlReach>;
  return typeof reach.controlUrl === 'string' && typeof reach.key === 'string'
    ? (reach as ControlReach)
    : undefined;
}
