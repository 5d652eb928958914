import { randomBytes } from 'node:crypto';
import { sendRaw, targetOf, type RawResponse, type RawTarget } from './raw-http.js';
import type { SandboxProcess } from './sandbox-process.js';
import { redactText, registerSecret } from '../../helpers/report/redact.js';
import { ControlClient } from '../../helpers/clients/control-client.js';
import { HttpClient } from '../../helpers/clients/http.js';
import { BrowserlessFormFlow, type FormTransport } from '../../helpers/clients/form-flow.js';

/**
 * The data the fuzz must never lose or change: a client, a user with ads, a token and a
 * notification configuration, all made through the test helpers and the real API (login and
 * consent driven over plain HTTP). A second account does the fuzzing's writes.
 */
export interface Account {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  login: string;
  password: string;
  token: string;
}

export interface FuzzWorld {
  auth: RawTarget;
  apps: RawTarget;
  controlKey: string;
  /** The account whose data must survive: its ads and its notification configuration. */
  owner: Account;
  ownerNotificationId: string;
  /** The account the fuzz writes with (notification create, update, delete; test helpers). */
  fuzzer: Account;
  fuzzerNotificationId: string;
}

export const SCOPE = 'basic_user_info autoupload';

export async function seedWorld(sandbox: SandboxProcess): Promise<FuzzWorld> {
  registerSecret(sandbox.controlKey);
  const partial = {
    auth: targetOf(sandbox.authUrl, sandbox.ca),
    apps: targetOf(sandbox.appsUrl),
    controlKey: sandbox.controlKey,
  };
  // Set-up goes through the suite's own test-helper client; only the fuzz inputs need raw bytes.
  const control = new ControlClient(new HttpClient({}), sandbox.appsUrl, sandbox.controlKey);
  const owner = await newAccount(partial.auth, control, 'owner');
  const fuzzer = await newAccount(partial.auth, control, 'fuzzer');
  return {
    ...partial,
    owner,
    ownerNotificationId: await createNotification(partial.apps, owner.token),
    fuzzer,
    fuzzerNotificationId: await createNotification(partial.apps, fuzzer.token),
  };
}

async function newAccount(auth: RawTarget, control: ControlClient, role: string): Promise<Account> {
  const redirectUri = `http://127.0.0.1:9/${role}/callback`;
  const client = await control.createClient([redirectUri]);
  const { login, password } = await control.createUser();
  const ads = Array.from({ length: 7 }, (_, index) => ({
    id: `${role}-ad-${index}`,
    status: ['published', 'pending_review', 'deleted', 'refused', 'sold'][index % 5] ?? 'published',
    ...(index % 2 === 0 ? { list_id: String(9000 + index) } : {}),
  }));
  await control.seedAds(login, ads);
  const partial = {
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    redirectUri,
    login,
    password,
  };
  return { ...partial, token: await obtainToken(auth, partial) };
}

async function createNotification(apps: RawTarget, token: string): Promise<string> {
  const body = {
    method: 'POST',
    url: 'http://127.0.0.1:9/hook',
    media_type: 'application/json',
    token: `hook-${randomBytes(12).toString('base64url')}`,
  };
  registerSecret(body.token);
  const response = await jsonRequest(apps, 'POST', '/autoservice/v1/notification', body, [
    ['authorization', `Bearer ${token}`],
  ]);
  return stringField(expectJson(response, 201, 'notification create'), 'id');
}

/** 4.1 to 4.2 without a browser: the shared form flow, over the raw client, with a fresh login. */
export async function obtainToken(auth: RawTarget, account: Omit<Account, 'token'>): Promise<string> {
  const flow = new BrowserlessFormFlow(rawTransport(auth), account, registerSecret);
  return flow.exchange(await flow.authorize({ scope: SCOPE }));
}

function rawTransport(auth: RawTarget): FormTransport {
  return async ({ method, path, headers, body }) => {
    const response = await request(auth, method, path, Object.entries(headers), body);
    return {
      status: response.status,
      body: response.body.toString('utf8'),
      header: (name) => response.headers[name] ?? '',
    };
  };
}

export function jsonRequest(
  target: RawTarget,
  method: string,
  path: string,
  body: unknown,
  headers: ReadonlyArray<readonly [string, string]>,
): Promise<RawResponse> {
  return request(
    target,
    method,
    path,
    [...(body === undefined ? [] : ([['content-type', 'application/json']] as const)), ...headers],
    body === undefined ? undefined : JSON.stringify(body),
  );
}

async function request(
  target: RawTarget,
  method: string,
  path: string,
  headers: ReadonlyArray<readonly [string, string]>,
  body: string | undefined,
): Promise<RawResponse> {
  const outcome = await sendRaw(target, {
    method,
    target: path,
    headers,
    ...(body === undefined ? {} : { body: Buffer.from(body, 'utf8') }),
  });
  if (!outcome.answered) throw new Error(`${method} ${path.split('?')[0] ?? ''}: ${outcome.reason}`);
  return outcome.response;
}

function expectJson(response: RawResponse, status: number, what: string): Record<string, unknown> {
  if (response.status !== status)
    throw new Error(
      redactText(`${what}: HTTP ${response.status}, expected ${status}: ${response.body.toString('utf8')}`),
    );
  return JSON.parse(response.body.toString('utf8')) as Record<string, unknown>;
}

function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string') throw new Error(`no string "${name}" in the answer`);
  return value;
}
