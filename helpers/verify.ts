import { requirement } from '../requirements/catalogue.js';
import { describeExchange, type HttpExchange } from './exchange.js';
import { redactText } from './redact.js';

/**
 * A check of the specification that did not hold. Its message names the requirement, quotes it,
 * says what was expected and what came back, and shows the exchange with secrets redacted.
 */
export class ConformanceFailure extends Error {
  constructor(
    readonly requirementIds: readonly string[],
    readonly expectation: string,
    readonly observed: string,
    evidence: string | undefined,
  ) {
    super(formatFailure(requirementIds, expectation, observed, evidence));
    this.name = 'ConformanceFailure';
  }
}

export type Evidence = HttpExchange | string | undefined;

/**
 * Fails the running test with a ConformanceFailure unless `holds` is true.
 * `observed` says, in words, what the target did instead.
 */
export function verify(
  holds: boolean,
  ids: string | readonly string[],
  expectation: string,
  observed: string,
  evidence?: Evidence,
): asserts holds {
  if (holds) return;
  const list = typeof ids === 'string' ? [ids] : ids;
  throw new ConformanceFailure(list, expectation, observed, renderEvidence(evidence));
}

function renderEvidence(evidence: Evidence): string | undefined {
  if (evidence === undefined) return undefined;
  return typeof evidence === 'string' ? redactText(evidence) : describeExchange(evidence);
}

function formatFailure(
  ids: readonly string[],
  expectation: string,
  observed: string,
  evidence: string | undefined,
): string {
  const quoted = ids.map((id) => {
    const found = requirement(id);
    return `[${found.id} §${found.section}] ${found.text}`;
  });
  return [
    ...quoted,
    `Expected: ${expectation}`,
    `Observed: ${redactText(observed)}`,
    ...(evidence === undefined ? [] : [evidence]),
  ].join('\n');
}
