import type { HttpRequestRecord } from '../record/exchange.js';
import {
  isSensitiveField,
  isSensitiveHeader,
  looksLikeForm,
  REDACTED,
  redactText,
  replaceSensitiveFormValues,
  replaceSensitiveJsonFields,
} from './redact.js';
import { parseJsonLeniently } from './lenient-parse.js';
import { isInstalledSuite } from '../target/installed-suite.js';
import { environment, type Environment } from '../../config/environment.js';

/**
 * A copy-paste `curl` command that sends a recorded request again, with every secret replaced by a
 * named shell variable ("$CLIENT_SECRET") that the reader sets first (docs/report.md, "Reproducing a
 * failure"). Secrets are recognised as helpers/report/redact.ts recognises them: by the name of their
 * field or header, and by value for every registered secret (those become "$SECRET").
 */

/** The shell variables a reproduction may need, each named after what it holds. */
const FIELD_PLACEHOLDERS: Readonly<Record<string, string>> = {
  clientsecret: 'CLIENT_SECRET',
  password: 'PASSWORD',
  accesstoken: 'ACCESS_TOKEN',
  refreshtoken: 'REFRESH_TOKEN',
  idtoken: 'ID_TOKEN',
  code: 'AUTHORIZATION_CODE',
  token: 'NOTIFICATION_TOKEN',
};
const HEADER_PLACEHOLDERS: Readonly<Record<string, string>> = {
  authorization: 'ACCESS_TOKEN',
  'proxy-authorization': 'PROXY_CREDENTIALS',
  cookie: 'SESSION_COOKIE',
  'set-cookie': 'SESSION_COOKIE',
  'x-sandbox-key': 'CONTROL_KEY',
};
/** A registered secret found where no field or header names it. */
const UNNAMED_SECRET = 'SECRET';
/** curl computes these itself; sending the recorded ones could only disagree with it. */
const HEADERS_CURL_SETS = new Set(['host', 'content-length']);

/**
 * Marks a placeholder inside a string until the string is cut into shell pieces: a private-use
 * character, which JSON.stringify leaves as it is and no request of the suite sends.
 */
const SENTINEL = '\uE000';
const placeholder = (name: string): string => `${SENTINEL}${name}${SENTINEL}`;

function fieldPlaceholder(name: string): string {
  // Spelled any way (accessToken, Access-Token): the variable says what the value is.
  return FIELD_PLACEHOLDERS[name.toLowerCase().replace(/[_-]/g, '')] ?? UNNAMED_SECRET;
}

/** Options of the run that shape the command: the CA file variable for a private CA. */
export interface CurlOptions {
  /** True when the target's certificate needs TLS_CA_FILE: the command then passes `--cacert "$TLS_CA_FILE"`. */
  privateCa: boolean;
}

/** The request as a `curl` command, secrets replaced by shell variables, one option per line. */
export function curlCommand(request: HttpRequestRecord, options: CurlOptions): string {
  const url = withPlaceholders(request.url, 'url');
  const caOption = options.privateCa && /^https:/i.test(request.url) ? ['--cacert "$TLS_CA_FILE"'] : [];
  const firstLine = ['curl -i --globoff', ...methodOption(request), ...caOption, shellQuote(url)].join(' ');
  const headers = Object.entries(request.headers)
    .filter(([name]) => !HEADERS_CURL_SETS.has(name.toLowerCase()))
    .map(([name, value]) => `-H ${shellQuote(headerLine(name, value))}`);
  const body =
    request.body === undefined ? [] : [`--data-binary ${shellQuote(withPlaceholders(request.body, 'body'))}`];
  return [firstLine, ...headers, ...body].join(' \\\n  ');
}

function methodOption(request: HttpRequestRecord): string[] {
  if (request.method === 'HEAD') return ['--head'];
  const implied = request.body === undefined ? 'GET' : 'POST';
  return request.method === implied ? [] : [`-X ${request.method}`];
}

function headerLine(name: string, value: string): string {
  if (!isSensitiveHeader(name)) return `${name}: ${withPlaceholders(value, 'text')}`;
  const variable = HEADER_PLACEHOLDERS[name.toLowerCase()] ?? UNNAMED_SECRET;
  // The scheme ("Bearer", "Basic") is no secret, and a test may be about it: it stays readable.
  const scheme = /authorization$/i.test(name) ? /^(\S+) +\S/.exec(value)?.[1] : undefined;
  if (scheme === undefined) return `${name}: ${placeholder(variable)}`;
  // Basic credentials are client_id:client_secret in base64: the variable holds that whole value.
  const credentials = scheme.toLowerCase() === 'basic' ? 'BASIC_CREDENTIALS' : variable;
  return `${name}: ${scheme} ${placeholder(credentials)}`;
}

type TextKind = 'url' | 'body' | 'text';

/** The text with its secrets replaced by placeholders (still sentinel-marked). */
function withPlaceholders(text: string, kind: TextKind): string {
  const structured =
    kind === 'url' ? urlWithPlaceholders(text) : kind === 'body' ? bodyWithPlaceholders(text) : text;
  return registeredToPlaceholder(structured);
}

function urlWithPlaceholders(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const fragmentStart = url.indexOf('#', queryStart);
  const end = fragmentStart < 0 ? url.length : fragmentStart;
  return (
    url.slice(0, queryStart + 1) +
    replaceSensitiveFormValues(url.slice(queryStart + 1, end), fieldPlaceholderWord) +
    url.slice(end)
  );
}

function bodyWithPlaceholders(body: string): string {
  const json = parseJsonLeniently(body);
  if (json !== undefined)
    return hasSensitiveField(json)
      ? JSON.stringify(replaceSensitiveJsonFields(json, fieldPlaceholderWord))
      : body;
  return looksLikeForm(body) ? replaceSensitiveFormValues(body, fieldPlaceholderWord) : body;
}

/** The shell word that stands for a sensitive field's value: "$CLIENT_SECRET" for client_secret. */
function fieldPlaceholderWord(name: string): string {
  return placeholder(fieldPlaceholder(name));
}

function hasSensitiveField(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasSensitiveField);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([key, inner]) => (isSensitiveField(key) && typeof inner === 'string') || hasSensitiveField(inner),
  );
}

/** Registered secrets left where no name said "secret" become "$SECRET". */
function registeredToPlaceholder(text: string): string {
  return text
    .split(SENTINEL)
    .map((part, index) => (index % 2 === 1 ? `${SENTINEL}${part}${SENTINEL}` : redactText(part)))
    .join('')
    .split(REDACTED)
    .join(placeholder(UNNAMED_SECRET));
}

/**
 * One shell word: literal runs in single quotes (a quote inside as '\''), placeholders as "$NAME",
 * side by side so that the shell joins them into one argument.
 */
export function shellQuote(text: string): string {
  const pieces = text.split(SENTINEL);
  const quoted = pieces.map((piece, index) =>
    index % 2 === 1 ? `"$${piece}"` : piece === '' ? '' : `'${piece.replace(/'/g, `'\\''`)}'`,
  );
  const word = quoted.join('');
  return word === '' ? "''" : word;
}

/** The variables a command uses, in order of first use: what the reader must set. */
export function placeholdersIn(command: string): string[] {
  return [...new Set([...command.matchAll(/"\$([A-Z_]+)"/g)].map((match) => match[1] ?? ''))];
}

/** Where the failing test stands, and the switches of the run that made it fail. */
export interface TestLocation {
  project: string;
  /** Relative to the project's root. */
  file: string;
  line: number;
  /** The test's own title: what a packaged run's rerun selects it by. */
  title: string;
}

/** Whether the suite runs from an installed package: a rerun then goes through the package's command. */
export const INSTALLED_PACKAGE = isInstalledSuite();

/** A regular expression matching the text exactly (Playwright's --grep takes one). */
export function literalPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The switches of the embedded sandbox that a rerun needs (never secret: names of faults and variants). */
const RUN_SWITCHES = ['SANDBOX_FAULTS', 'SANDBOX_VARIANTS'] as const;

/** The command that runs the failing test again, with the run's fault and variant switches. */
export function rerunCommand(
  location: TestLocation,
  env: Environment = environment(),
  installed: boolean = INSTALLED_PACKAGE,
): string {
  const switches = RUN_SWITCHES.flatMap((name) => {
    const value = (env[name] ?? '').trim();
    return value === '' ? [] : [`${name}=${shellQuote(value)}`];
  });
  const grep = ['--grep', shellQuote(titlePattern(location.title))];
  // The package's command, from the team's repository: the test's file and its exact title (a
  // title is unique within its file), which still find the test after the package is updated and
  // its lines have moved.
  if (installed)
    return [...switches, 'npx classifieds-conformance run', shellQuote(location.file), ...grep].join(' ');
  // The line alone selects every case a loop declares there: the title selects the failing one.
  const target = shellQuote(`${location.file}:${location.line}`);
  return [...switches, 'npx playwright test', `--project=${location.project}`, target, ...grep].join(' ');
}

/**
 * A --grep that selects the test of this exact title alone: Playwright matches it against the
 * describe titles, the title and the tags joined by spaces, so the title must stand between a
 * space (or the start) and its tags (or the end), never inside a longer title.
 */
export function titlePattern(title: string): string {
  return `(^| )${literalPattern(title)}( @|$)`;
}
