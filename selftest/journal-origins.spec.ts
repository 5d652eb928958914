import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { spawnCollect } from '../embedded/run-suite.js';
import { Journal, JOURNAL_VARIABLE, leftoversFor, type JournalEntry } from '../helpers/report/journal.js';
import { environment } from '../config/environment.js';
import { freePort } from './support/listen.js';
import { patient } from '../helpers/target/patience.js';

function entry(id: string, appsUrl: string): JournalEntry {
  return {
    id,
    appsUrl,
    login: 'u',
    clientId: 'c',
    marker: '/conformance/x',
    createdAt: '2026-11-27T02:17:00Z',
  };
}

/** The cleanup command's environment: no target variable inherited, the journal given. */
function cleanupEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.entries(environment()).filter(
    ([name]) => !/^(TARGET_|SANDBOX_|TLS_CA_FILE$|CONFORMANCE_|LOGIN_|CONSENT_)/.test(name),
  );
  return { ...Object.fromEntries(inherited), ...vars };
}

/** A journal holding a gone embedded sandbox's entries, another target's, and this target's. */
async function journalOfThree(dir: string): Promise<{ journal: Journal; gone: string }> {
  const journal = new Journal(join(dir, 'journal.jsonl'));
  const gone = `http://127.0.0.1:${await freePort()}`;
  for (const id of ['n1', 'n2', 'n3']) journal.created(entry(id, `${gone}/`));
  journal.created(entry('m1', 'https://marketplace.example/api'));
  journal.created(entry('t1', 'https://b.example'));
  return { journal, gone };
}

test.describe('leftovers belong to their target', () => {
  test("a target's leftovers are its own; a gone sandbox's are dropped; another target's stay", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-origins-'));
    try {
      const { journal, gone } = await journalOfThree(dir);
      const leftovers = await leftoversFor(journal, 'https://b.example/');
      expect(leftovers.origin).toBe('https://b.example');
      expect(leftovers.mine.map((one) => one.id)).toEqual(['t1']);
      expect([...leftovers.others.keys()]).toEqual(['https://marketplace.example']);
      expect(leftovers.dropped.map((one) => one.id)).toEqual(['n1', 'n2', 'n3']);
      expect(journal.live().map((one) => one.id)).toEqual(['m1', 't1']);
      expect(gone).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('npm run cleanup without a target says there is nothing to clean, naming the other targets, and drops a gone sandbox', async () => {
    test.setTimeout(patient(120_000));
    const dir = mkdtempSync(join(tmpdir(), 'journal-origins-'));
    try {
      const { journal } = await journalOfThree(dir);
      const run = await spawnCollect(
        process.execPath,
        ['--import', 'tsx', 'scripts/cleanup.ts'],
        cleanupEnv({ [JOURNAL_VARIABLE]: journal.path }),
        110_000,
      );
      expect(run.exitCode, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(
        /3 configuration\(s\) of a sandbox no longer running \(http:\/\/127\.0\.0\.1:\d+\) dropped/,
      );
      expect(run.stdout).toContain(
        '1 configuration(s) journaled on https://marketplace.example, another target',
      );
      expect(run.stdout).toContain('No target configured');
      expect(journal.live().map((one) => one.id)).toEqual(['m1', 't1']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('npm run cleanup with a target that has no leftovers says so, and leaves the others', async () => {
    test.setTimeout(patient(120_000));
    const dir = mkdtempSync(join(tmpdir(), 'journal-origins-'));
    try {
      const journal = new Journal(join(dir, 'journal.jsonl'));
      journal.created(entry('m1', 'https://marketplace.example/api'));
      const run = await spawnCollect(
        process.execPath,
        ['--import', 'tsx', 'scripts/cleanup.ts'],
        cleanupEnv({
          [JOURNAL_VARIABLE]: journal.path,
          TARGET_AUTH_URL: 'https://a.example',
          TARGET_APPS_URL: 'https://b.example',
          SANDBOX_CONTROL_KEY: 'k',
        }),
        110_000,
      );
      expect(run.exitCode, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain('Nothing to clean on https://b.example');
      expect(journal.live().map((one) => one.id)).toEqual(['m1']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
