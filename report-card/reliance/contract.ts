/**
 * A reliance contract: what one client relied on and got away with, one fact a line
 * (`kind | subject | value`), sorted, no secret, so that a team reviews and commits it and its diff
 * reads as the change of what the client relies on. Lines starting with `#` are comments.
 */

export const FACT_KINDS = [
  'endpoint',
  'credentials',
  'parameter',
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

/** The facts of a contract file, or the first line that is not one. */
export function parseContract(text: string): { facts: RelianceFact[] } | { problem: string } {
  const facts: RelianceFact[] = [];
  const lines = text.split('\n');
  if (lines[0]?.trim() !== CONTRACT_HEADER) return { problem: `its first line is not ${CONTRACT_HEADER}` };
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const [kind, subject, ...rest] = line.split(SEPARATOR);
    if (!(FACT_KINDS as readonly string[]).includes(kind ?? '') || subject === undefined || rest.length === 0)
      return { problem: `line ${index + 1} is not "kind | subject | value" of a known kind` };
    facts.push({ kind: kind as FactKind, subject, value: rest.join(SEPARATOR) });
  }
  return { facts };
}
