import { flawText, hasUnprintable, valueFlaw } from '../../spec/observed-profile.js';

/**
 * A reliance contract: what one client relied on and got away with, one fact a line
 * (`kind | subject | value`), sorted, no secret, so that a team reviews and commits it and its diff
 * reads as the change of what the client relies on. Lines starting with `#` are comments.
 */

export const FACT_KINDS = [
  'endpoint',
  'credentials',
  'parameter',
  'page token',
  'catalog id',
  'status received',
  'delivery',
  'error',
] as const;
export type FactKind = (typeof FACT_KINDS)[number];

export interface RelianceFact {
  kind: FactKind;
  /** What it is about: `listing GET`, `vehicle_model 1001`, `token header`. */
  subject: string;
  /** What the client relied on: `HTTP 200`, `car / Chevrolet / Onix`, `HTTP 429; retried`. */
  value: string;
}

export const CONTRACT_HEADER = '# classifieds-reliance/1';
const SEPARATOR = ' | ';

/** A fact as its line. */
export function factLine(fact: RelianceFact): string {
  return [fact.kind, fact.subject, fact.value].join(SEPARATOR);
}

/** The facts in the contract's order (by kind, then subject, then value), each once. */
export function sortedFacts(facts: readonly RelianceFact[]): RelianceFact[] {
  const order = (fact: RelianceFact): string =>
    `${String(FACT_KINDS.indexOf(fact.kind)).padStart(2, '0')}\u0000${fact.subject}\u0000${fact.value}`;
  const unique = new Map(facts.map((fact) => [order(fact), fact]));
  return [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, fact]) => fact);
}

/** The contract file's text: its header, the client, then one fact a line. */
export function contractText(clientId: string, facts: readonly RelianceFact[]): string {
  return `${[CONTRACT_HEADER, `# client ${clientId}`, ...sortedFacts(facts).map(factLine)].join('\n')}\n`;
}

/** The bounds of a contract file: far above what a client's journal gives (a fact is a short line). */
export const CONTRACT_LIMITS = { bytes: 16 * 1024 * 1024, lines: 200_000, lineCharacters: 4096 } as const;

/** What each kind's value is, as the derivation writes it: a value of another form is refused. */
const VALUE_FORMS: Readonly<Record<FactKind, { form: RegExp; says: string }>> = {
  endpoint: { form: /^HTTP \d{3}$/, says: '"HTTP <status>"' },
  credentials: { form: /^\S.*$/, says: 'how the credentials were sent' },
  parameter: { form: /^\S.*$/, says: 'a value' },
  'page token': { form: /^\S.*$/, says: 'a form or a length' },
  'catalog id': { form: /^(\S.* \/ \S.*|\(.*\))$/, says: 'a path of names ("car / Fiat / Uno")' },
  'status received': { form: /^\S.*$/, says: 'an ad status' },
  delivery: { form: /^["[{\d-]|^(true|false|null)$/, says: "a JSON value (the profile's, as derived)" },
  error: { form: /^HTTP \d{3}; \S.*$/, says: '"HTTP <status>; <reaction>"' },
};

/** The first thing wrong with a fact's value for its kind, if any (delivery values are JSON). */
function valueProblem(kind: FactKind, value: string): string | undefined {
  const { form, says } = VALUE_FORMS[kind];
  if (!form.test(value)) return `the value of ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} fact is ${says}`;
  if (kind !== 'delivery') return undefined;
  try {
    const flaw = valueFlaw(JSON.parse(value) as unknown, '', 1);
    return flaw === undefined ? undefined : `the value of a delivery fact ${flawText(flaw)}`;
  } catch {
    return "the value of a delivery fact is a JSON value (the profile's, as derived)";
  }
}

/** The fact of one line, or what is wrong with it. */
function factOf(line: string): RelianceFact | { problem: string } {
  if (line.length > CONTRACT_LIMITS.lineCharacters)
    return { problem: `is over ${CONTRACT_LIMITS.lineCharacters} characters` };
  if (hasUnprintable(line)) return { problem: 'holds a control character' };
  const [kind, subject, ...rest] = line.split(SEPARATOR);
  if (!(FACT_KINDS as readonly string[]).includes(kind ?? '') || subject === undefined || rest.length === 0)
    return { problem: 'is not "kind | subject | value" of a known kind' };
  const fact = { kind: kind as FactKind, subject, value: rest.join(SEPARATOR) };
  if (fact.subject.trim() === '') return { problem: 'has no subject' };
  const problem = valueProblem(fact.kind, fact.value);
  return problem === undefined ? fact : { problem: `: ${problem}` };
}

/**
 * The facts of a contract file, or the first line that is not one: the file is hostile (a team
 * edits it by hand), so every line is held to its kind's form before any verdict reads it.
 */
export function parseContract(text: string): { facts: RelianceFact[] } | { problem: string } {
  if (text.length > CONTRACT_LIMITS.bytes)
    return { problem: `it is over ${CONTRACT_LIMITS.bytes} characters` };
  const facts: RelianceFact[] = [];
  const lines = text.split('\n');
  if (lines.length > CONTRACT_LIMITS.lines) return { problem: `it has over ${CONTRACT_LIMITS.lines} lines` };
  if (lines[0]?.trim() !== CONTRACT_HEADER) return { problem: `its first line is not ${CONTRACT_HEADER}` };
  for (const [index, raw] of lines.entries()) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '' || line.startsWith('#')) continue;
    const read = factOf(line);
    if ('problem' in read)
      return {
        problem: `line ${index + 1} ${read.problem.startsWith(':') ? `is not a fact${read.problem}` : read.problem}`,
      };
    facts.push(read);
  }
  return { facts };
}
