import type { Fingerprinter } from './fingerprint.js';
import { maskedUserinfo, maskedWebhookUrl } from '../notifications/url-credentials.js';

/**
 * No secret in the journal, whatever the client sends: every string a record holds (a parameter's
 * name or value, a URL's userinfo, path or query, a redirect_uri's query, a login, an error) is
 * cut into pieces, and a piece equal to a credential the sandbox issued or holds becomes its
 * fingerprint, as sent and percent-encoded. Which values are credentials: `isCredential` asks the
 * stores (a live token, the named client's secret) and the values the journal saw issued or
 * presented (codes, tokens, import and notification tokens, passwords, secrets), kept here.
 */

/** Values remembered (the newest; the stores answer for the rest): about 10 MB at most. */
export const KNOWN_SECRETS_KEPT = 100_000;
/** No credential the sandbox issues or accepts is shorter. */
const SHORTEST = 8;
const SEPARATORS = /[\s?&=#/:@,;"'<>()[\]{}|\\^`+]+/;

/**
 * Credentials seen, each with its owner: '' for what the sandbox issued (random, 256 bits: codes,
 * access and import tokens), else the client or user that chose it (a notification token, a
 * password), so that no one can make another tenant's plain values vanish by choosing them as a
 * "secret" of their own: a value is a credential in the records of its owner, or everywhere when
 * the sandbox issued it.
 */
/** Values each owner chose, kept to be found inside any text (one holding separators too). */
const CHOSEN_PER_OWNER = 50;

export class KnownSecrets {
  private readonly values = new Set<string>();
  private readonly chosen = new Map<string, string[]>();
  /** Each secret that proved its client, to its client: a secret sent where no client is named is still tied. */
  private readonly clients = new Map<string, string>();
  private readonly provenClients = new Set<string>();

  constructor(private readonly kept: number = KNOWN_SECRETS_KEPT) {}

  remember(value: string | undefined | null, owner = ''): void {
    if (value === undefined || value === null || value.length < SHORTEST || value.startsWith('fp:')) return;
    const key = `${owner}\n${value}`;
    if (this.values.has(key)) return;
    this.values.add(key);
    if (owner !== '') this.choose(owner, value);
    if (this.values.size > this.kept) this.values.delete(this.values.values().next().value ?? '');
  }

  private choose(owner: string, value: string): void {
    const list = this.chosen.get(owner) ?? [];
    this.chosen.delete(owner);
    this.chosen.set(owner, list);
    list.push(value);
    if (list.length > CHOSEN_PER_OWNER) list.shift();
    if (this.chosen.size > this.kept / CHOSEN_PER_OWNER)
      this.chosen.delete(this.chosen.keys().next().value ?? '');
  }

  /** The values `owners` chose as secrets (notification tokens, passwords, client secrets). */
  chosenBy(owners: ReadonlyArray<string | null | undefined>): string[] {
    return owners.flatMap((owner) =>
      owner === null || owner === undefined ? [] : (this.chosen.get(owner) ?? []),
    );
  }

  rememberClientSecret(value: string | undefined | null, clientId: string): void {
    if (value === undefined || value === null || value.length < SHORTEST) return;
    this.remember(value, clientId);
    this.clients.delete(value);
    this.clients.set(value, clientId);
    this.provenClients.add(clientId);
    if (this.clients.size > this.kept) this.clients.delete(this.clients.keys().next().value ?? '');
  }

  /** True once a secret of the client proved it (the values test then finds that secret). */
  knowsSecretOf(clientId: string): boolean {
    return this.provenClients.has(clientId);
  }

  /** The client whose secret this is, when it proved that client before. */
  clientOf(value: string): string | undefined {
    return this.clients.get(value);
  }

  /** True when the value was issued by the sandbox, or chosen as a secret by one of `owners`. */
  has(value: string, owners: ReadonlyArray<string | null | undefined>): boolean {
    if (this.values.has(`\n${value}`)) return true;
    return owners.some(
      (owner) =>
        owner !== null && owner !== undefined && owner !== '' && this.values.has(`${owner}\n${value}`),
    );
  }
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * The pieces of a text a credential could be: the whole, its decoded form, and each part between
 * separators; a part still percent-encoded (a URL inside a parameter) is decoded again, at most
 * `depth` times.
 */
function piecesOf(text: string, depth = 3): Set<string> {
  const pieces = new Set<string>();
  const whole = decoded(text);
  for (const form of [text, whole])
    for (const piece of [form, ...form.split(SEPARATORS)]) if (piece.length >= SHORTEST) pieces.add(piece);
  if (depth === 0) return pieces;
  for (const piece of [...pieces]) {
    const inner = decoded(piece);
    if (inner !== piece) for (const found of piecesOf(inner, depth - 1)) pieces.add(found);
  }
  return pieces;
}

/** What tells a credential: a test of a piece, and values to find anywhere in a text (`literal`). */
export interface CredentialTest {
  (piece: string): boolean;
  literal?: readonly string[];
}

/** The text with every credential in it replaced by its fingerprint. */
export function scrubbed(text: string, isCredential: CredentialTest, fp: Fingerprinter): string {
  if (text.length < SHORTEST || text.startsWith('fp:')) return text;
  let result = text;
  const found = [...piecesOf(text)].filter((piece) => !piece.startsWith('fp:') && isCredential(piece));
  const literal = (isCredential.literal ?? []).filter(
    (value) =>
      value.length >= SHORTEST &&
      (text.includes(value) || text.includes(encodeURIComponent(value)) || decoded(text).includes(value)),
  );
  for (const piece of new Set([...found, ...literal])) {
    const print = fp.fp(piece);
    for (const form of new Set([
      piece,
      encodeURIComponent(piece),
      encodeURIComponent(encodeURIComponent(piece)),
    ]))
      result = result.split(form).join(print);
  }
  return result;
}

/** Fields that hold no client text (the journal's own, or fingerprints by construction): never scrubbed. */
const OWN_FIELDS = new Set([
  'kind',
  'seq',
  'at',
  'endpoint',
  'method',
  'scheme',
  'outcome',
  'credentials',
  'chaos',
]);
/** The objects whose keys are client text (a query's parameter names); every other key is the journal's. */
const CLIENT_KEYS = new Set(['query']);

/** The fields that hold a configured webhook's URL (a delivery's, a configuration request's). */
const WEBHOOK_URL = 'url';

/**
 * Every string of a record a client could have written (a query's names too), scrubbed; then the
 * userinfo of any URL in it, and every query value of a webhook's URL, fingerprinted: credentials
 * the sandbox never saw issued (notifications/url-credentials.ts).
 */
export function scrubbedRecord<Shape>(record: Shape, isCredential: CredentialTest, fp: Fingerprinter): Shape {
  const mask = (value: string): string => fp.fp(value);
  const walk = (value: unknown, key: string | null): unknown => {
    if (key !== null && OWN_FIELDS.has(key)) return value;
    if (typeof value === 'string') {
      const text = scrubbed(value, isCredential, fp);
      return key === WEBHOOK_URL ? maskedWebhookUrl(text, mask) : maskedUserinfo(text, mask);
    }
    if (Array.isArray(value)) return value.map((item) => walk(item, null));
    if (value === null || typeof value !== 'object') return value;
    const clientKeys = key !== null && CLIENT_KEYS.has(key);
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [
        clientKeys ? scrubbed(name, isCredential, fp) : name,
        walk(inner, clientKeys ? null : name),
      ]),
    );
  };
  return walk(record, null) as Shape;
}
