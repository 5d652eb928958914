// Where `switch`, `switches` and `client-report` reach the running sandbox: --control-url and
// --key, else SANDBOX_CONTROL_URL and SANDBOX_CONTROL_KEY, else what the standalone sandbox wrote in
// its data folder at its start (--data, default .conformance/sandbox-data; sandbox/service/control-key.ts).
import { resolve } from 'node:path';
import { DEFAULT_DATA_DIR } from '../sandbox/service/options.js';
import { readControlReach } from '../sandbox/service/control-key.js';
import { environment } from '../config/environment.js';
import { TEST_HELPERS_PREFIX } from '../spec/paths.js';

export interface Control {
  url: string;
  key: string;
}

export interface ControlValues {
  'control-url'?: string | undefined;
  key?: string | undefined;
  data?: string | undefined;
}

export const CONTROL_OPTIONS = {
  'control-url': { type: 'string' },
  key: { type: 'string' },
  data: { type: 'string' },
} as const;

export const CONTROL_HELP = `  --control-url URL         the sandbox's control API (default SANDBOX_CONTROL_URL)
  --key KEY                 its control key (default SANDBOX_CONTROL_KEY; prefer the variable)
  --data FOLDER             else the running sandbox of this data folder (default ${DEFAULT_DATA_DIR})`;

function blank(value: string | undefined): value is undefined {
  return value === undefined || value === '';
}

/** The sandbox to call, or a message naming what to set. */
export function controlOf(values: ControlValues): Control | string {
  const given = environment();
  const url = values['control-url'] ?? given.SANDBOX_CONTROL_URL;
  const key = values.key ?? given.SANDBOX_CONTROL_KEY;
  if (!blank(url) && !blank(key)) return { url, key };
  const dataDir = resolve(values.data ?? DEFAULT_DATA_DIR);
  const reach = readControlReach(dataDir);
  if (reach === undefined)
    return `No sandbox has started in ${dataDir}: start one (classifieds-conformance sandbox), name its folder (--data), or set SANDBOX_CONTROL_URL and SANDBOX_CONTROL_KEY.`;
  return { url: blank(url) ? reach.controlUrl : url, key: blank(key) ? reach.key : key };
}

/** What to say when the sandbox refused the key. */
export const WRONG_KEY_HINT =
  "the control key is not this sandbox's: check SANDBOX_CONTROL_KEY (or --key), or unset it to use the data folder's";

/** The sandbox refused the request (an unknown name, a bad value, a wrong key): exit status 1. */
export class ControlRefused extends Error {}

/** One call of the sandbox's test helpers; its JSON answer, or a ControlRefused naming the refusal. */
export async function controlCall(
  control: Control,
  method: 'GET' | 'PUT',
  path: string,
  body?: unknown,
): Promise<unknown> {
  const url = `${control.url.replace(/\/+$/, '')}${TEST_HELPERS_PREFIX}${path}`;
  const response = await fetch(url, {
    method,
    headers: {
      'x-sandbox-key': control.key,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).catch((error: unknown) => {
    throw new Error(`Nothing answers at ${control.url} (${String(error)}): is the sandbox running there?`);
  });
  const answer = (await response.json().catch(() => ({}))) as { message?: unknown };
  if (!response.ok) {
    const message = typeof answer.message === 'string' ? answer.message : response.statusText;
    const hint = response.status === 401 ? ` (${WRONG_KEY_HINT})` : '';
    throw new ControlRefused(`The sandbox answered ${response.status}: ${message}${hint}`);
  }
  return answer;
}
