import { relative } from 'node:path';
import { test } from '@playwright/test';
import { requirement } from '../../spec/requirements/catalogue.js';
import type { HttpExchange } from '../record/exchange.js';
import { describeExchange } from '../report/describe-exchange.js';
import { redactText } from '../report/redact.js';
import { idsOrCovered, type RequirementIds } from './covered.js';
import { insideTest } from '../report/report.js';
import { curlCommand, placeholdersIn, rerunCommand } from '../report/reproduce.js';
import { settings } from '../../config/environment.js';

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
    /** Set when this one failure already says what went wrong: see Check.decisive. */
    readonly decisive?: string,
  ) {
    super(formatFailure(requirementIds, expectation, observed, evidence));
    this.name = 'ConformanceFailure';
  }
}

export type Evidence = HttpExchange | string | undefined;

/** A check in words: what was expected, what the target did instead, and the exchange that shows it. */
export interface Check {
  expected: string;
  observed: string;
  evidence?: Evidence;
  /** The requirements the check names; by default those the running test covers(). */
  ids?: RequirementIds;
  /**
   * What the failure already says in full (`ads lost`), when a property's counterexample needs no
   * shrinking to be understood: the property reports it as found and leaves shrinking to the replay.
   */
  decisive?: string;
}

/**
 * Fails the running test with a ConformanceFailure unless `holds` is true. Either a Check (its ids
 * default to the test's covered ids) or, positionally, the ids, the expectation and `observed`
 * (what the target did instead, in words).
 */
export function verify(holds: boolean, check: Check): asserts holds;
export function verify(
  holds: boolean,
  ids: RequirementIds,
  expectation: string,
  observed: string,
  evidence?: Evidence,
): asserts holds;
export function verify(
  holds: boolean,
  idsOrCheck: RequirementIds | Check,
  expectation?: string,
  observed?: string,
  evidence?: Evidence,
): asserts holds {
  if (holds) return;
  const check: Check = isCheck(idsOrCheck)
    ? idsOrCheck
    : { ids: idsOrCheck, expected: expectation ?? '', observed: observed ?? '', evidence };
  throw new ConformanceFailure(
    idsOrCovered(check.ids),
    check.expected,
    check.observed,
    renderEvidence(check.evidence),
    check.decisive,
  );
}

function isCheck(value: RequirementIds | Check): value is Check {
  return typeof value !== 'string' && !Array.isArray(value);
}

function renderEvidence(evidence: Evidence): string | undefined {
  if (evidence === undefined) return undefined;
  if (typeof evidence === 'string') return redactText(evidence);
  return [describeExchange(evidence), reproduction(evidence)].join('\n');
}

/** Longer reproductions (an oversized body) stay out of the message: the attachment has them. */
const MAX_REPRODUCTION_IN_MESSAGE = 2000;

/**
 * The curl command of the failing exchange and the command that reruns the test: in the message,
 * and attached to the test so the report shows it on its own, ready to copy.
 */
function reproduction(exchange: HttpExchange): string {
  const curl = redactText(curlCommand(exchange.request, { privateCa: settings().TLS_CA_FILE !== undefined }));
  const variables = placeholdersIn(curl);
  const rerun = currentRerun();
  const text = [
    `--- reproduce (set ${variables.length === 0 ? 'nothing' : variables.map((name) => `$${name}`).join(', ')} first: docs/report.md, "Reproducing a failure") ---`,
    curl,
    ...(rerun === undefined ? [] : ['--- rerun the test ---', rerun]),
  ].join('\n');
  attachNow('reproduce with curl', text);
  return text.length <= MAX_REPRODUCTION_IN_MESSAGE
    ? text
    : `--- reproduce: a curl command of ${curl.length} characters, attached as "reproduce with curl" ---${rerun === undefined ? '' : `\n--- rerun the test ---\n${rerun}`}`;
}

function currentRerun(): string | undefined {
  if (!insideTest()) return undefined;
  const info = test.info();
  const file = relative(info.config.rootDir, info.file);
  return rerunCommand({ project: info.project.name, file, line: info.line, title: info.title });
}

/**
 * verify() is synchronous (an assertion); Playwright reads pushed attachments when the test ends.
 * A later failure replaces an earlier one's: a property that shrinks fails many times, and the
 * last failure (the shrunk one) is the one reported.
 */
function attachNow(name: string, text: string): void {
  if (!insideTest()) return;
  const attachments = test.info().attachments;
  const earlier = attachments.findIndex((attachment) => attachment.name === name);
  if (earlier >= 0) attachments.splice(earlier, 1);
  attachments.push({ name, contentType: 'text/plain', body: Buffer.from(text) });
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
