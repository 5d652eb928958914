import type { SandboxOptions } from '../../sandbox/options.js';
import { startSandbox, type StartedSandbox } from '../../sandbox/start.js';
import type { Scope } from '../../spec/scopes.js';

/**
 * A sandbox for the ad import's self-tests: users and autoupload tokens made in-process (no test
 * helper), the switches set on the returned state, and plain fetch for the calls.
 */
export interface ImportSandbox {
  sandbox: StartedSandbox;
  /** A new user (named `login` when given) and a token of theirs with these scopes. */
  user: (scopes?: Scope[], login?: string) => { login: string; token: string; clientId: string };
  set: (name: string, value: unknown) => void;
  /** PUT /autoupload/import: the HTTP status and the JSON body. */
  put: (
    token: string,
    adList: unknown,
    raw?: string,
  ) => Promise<{ status: number; body: Record<string, unknown> }>;
  call: (
    method: string,
    path: string,
    init?: { token?: string; bearer?: string; body?: unknown },
  ) => Promise<{ status: number; body: Record<string, unknown> }>;
  /** Polls the import's status until it is done. */
  done: (token: string, importToken: string) => Promise<Record<string, unknown>>;
}

/** `options`: a data folder, for a sandbox that keeps its state. */
export async function startImportSandbox(options: Partial<SandboxOptions> = {}): Promise<ImportSandbox> {
  const sandbox = await startSandbox(options);
  const { state } = sandbox;
  const { client } = state.clients.register(['http://127.0.0.1:9/cb'], 'import self-test');
  const call: ImportSandbox['call'] = async (method, path, init = {}) => {
    const body = init.body ?? (init.token === undefined ? undefined : { access_token: init.token });
    const response = await fetch(`${sandbox.appsUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.bearer === undefined ? {} : { authorization: `Bearer ${init.bearer}` }),
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const done: ImportSandbox['done'] = async (token, importToken) => {
    for (let tries = 0; tries < 200; tries += 1) {
      const { body } = await call('POST', `/autoupload/import/${importToken}`, { token });
      if (body.autoupload_status === 'done') return body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`import ${importToken} never done`);
  };
  const set: ImportSandbox['set'] = (name, value) => {
    const found = state.adImport.switches().find((one) => one.name === name);
    if (found === undefined) throw new Error(`no switch ${name}`);
    found.set(value);
  };
  set('import-moderation-delay', 0.05);
  return {
    sandbox,
    user: (scopes = ['autoupload'], wanted?: string) => {
      const { login } = state.users.create({ login: wanted });
      const token = state.tokens.issue({ clientId: client.clientId, login, scopes, issuedAtMs: Date.now() });
      return { login, token, clientId: client.clientId };
    },
    set,
    put: (token, adList, raw) =>
      call('PUT', '/autoupload/import', { body: raw ?? { access_token: token, ad_list: adList } }),
    call,
    done,
  };
}

/** A valid ad to insert; `fields` replace or add some. */
export function insertAd(id: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    operation: 'insert',
    category: '5020',
    subject: 'Bicycle',
    body: 'A red bicycle.',
    phone: '11987654321',
    type: 's',
    zipcode: '01310100',
    ...fields,
  };
}
