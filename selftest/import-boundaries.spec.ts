import { expect, test } from '@playwright/test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

/**
 * The folders' import rules (eslint.config.mjs, importBoundaries and importGraph) can fail: an import
 * across a boundary, or up a floor of helpers/, linted as if it were a file of that folder, is
 * refused with the rule's reason, and one through spec/ or down a floor is not. The type-checked
 * rules are off here: the probes are not files of the project.
 */
const eslint = new ESLint({ overrideConfig: tseslint.configs.disableTypeChecked });

const BOUNDARY_RULES = new Set(['no-restricted-imports', 'import-x/no-restricted-paths']);

async function boundaryMessages(file: string, from: string): Promise<string[]> {
  const code = `import * as probe from '${from}';\nexport const names = Object.keys(probe);\n`;
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => BOUNDARY_RULES.has(message.ruleId ?? ''))
    .map((message) => message.message);
}

const REFUSED: ReadonlyArray<readonly [string, string, RegExp]> = [
  ['helpers/probe.ts', '../sandbox/faults.js', /The suite imports spec\/ only/],
  ['suites/token/probe.spec.ts', '../../sandbox/start.js', /The suite imports spec\/ only/],
  ['fixtures/probe.ts', '../embedded/run-suite.js', /The suite imports spec\/ only/],
  ['sandbox/token/probe.ts', '../../helpers/verify.js', /The sandbox imports spec\/ only/],
  ['sandbox/probe.ts', '../selftest/support/listen.js', /The sandbox imports spec\/ only/],
  ['spec/probe.ts', '../sandbox/faults.js', /spec\/ is the kernel/],
  ['spec/requirements/probe.ts', '../../helpers/covers.js', /spec\/ is the kernel/],
  ['helpers/record/probe.ts', '../report/redact.js', /helpers\/record\/ imports only spec\//],
  ['helpers/target/probe.ts', '../clients/http.js', /helpers\/target\/ imports only spec\//],
  ['helpers/report/probe.ts', '../clients/http.js', /floors below it \(record, target\)/],
  ['helpers/clients/probe.ts', '../assert/verify.js', /floors below it \(record, target, report, profile\)/],
  ['helpers/profile/probe.ts', '../clients/http.js', /floors below it \(record, target\)/],
  ['helpers/assert/probe.ts', '../preflight/preflight.js', /helpers\/assert\/ imports only the floors/],
  ['helpers/preflight/probe.ts', '../assert/verify.js', /helpers\/preflight\/ imports only the floors/],
  ['embedded/probe.ts', '../scripts/lib.js', /embedded\/ never imports scripts\//],
];

const ALLOWED: ReadonlyArray<readonly [string, string]> = [
  ['sandbox/token/probe.ts', '../../spec/errors.js'],
  ['helpers/probe.ts', '../spec/paths.js'],
  ['embedded/probe.ts', '../sandbox/start.js'],
  ['selftest/probe.spec.ts', '../sandbox/start.js'],
  ['helpers/report/probe.ts', '../record/exchange.js'],
  ['helpers/clients/probe.ts', '../report/redact.js'],
  ['helpers/assert/probe.ts', '../clients/http.js'],
  ['helpers/preflight/probe.ts', '../clients/http.js'],
  ['scripts/probe.ts', '../embedded/run-suite.js'],
];

test.describe('import boundaries: spec/ imports nothing, the sandbox and the suite never each other, helpers/ on floors', () => {
  for (const [file, from, reason] of REFUSED)
    test(`${file} may not import ${from}`, async () => {
      const messages = await boundaryMessages(file, from);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(reason);
    });

  for (const [file, from] of ALLOWED)
    test(`${file} may import ${from}`, async () => {
      expect(await boundaryMessages(file, from)).toEqual([]);
    });
});
