import { expect, test } from '@playwright/test';
import { childEnvironment, settingsOf } from '../config/environment.js';
import { renderEnvExample } from '../config/render.js';
import { HELPERS_TARGET, problemsOf } from './support/target-problems.js';

test.describe('one declared configuration (config/)', () => {
  test('every wrong variable, the target’s and the project’s, in the one error that stops the run', () => {
    const problems = problemsOf({
      ...HELPERS_TARGET,
      TARGET_APPS_URL: 'apps.example',
      CONFORMANCE_WORKERS: 'abc',
      CONFORMANCE_SETUP_FLOW: 'brower',
      CONFORMANCE_SLOW: 'yes',
      FC_MAX_ADS: '0',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'CONFORMANCE_WORKERS: expected an integer from 1 to 64, got "abc"',
        'CONFORMANCE_SETUP_FLOW: expected forms or browser, got "brower"',
        'CONFORMANCE_SLOW: expected 1 (on) or 0 (off), got "yes"',
        'FC_MAX_ADS: expected an integer from 1, got "0"',
      ]),
    );
    // The target's own line for a variable stands alone: no second line for the same variable.
    expect(problems.filter((line) => line.startsWith('TARGET_APPS_URL:'))).toHaveLength(1);
  });

  test('settings are typed, with the declared default where a value is unset, blank or wrong', () => {
    const typed = settingsOf({
      CONFORMANCE_WORKERS: '3',
      CONFORMANCE_SLOW: '1',
      FC_RUNS_SCALE: '2.5',
      REPORTS_DIR: ' ',
    });
    expect(typed.CONFORMANCE_WORKERS).toBe(3);
    expect(typed.CONFORMANCE_SLOW).toBe(true);
    expect(typed.FC_RUNS_SCALE).toBe(2.5);
    expect(typed.REPORTS_DIR).toBe('reports');
    expect(typed.FC_SEED).toBeUndefined();
    const wrong = settingsOf({ CONFORMANCE_WORKERS: 'abc', CONFORMANCE_SETUP_FLOW: 'brower' });
    expect(wrong.CONFORMANCE_WORKERS).toBe(2);
    expect(wrong.CONFORMANCE_SETUP_FLOW).toBe('forms');
  });

  test('a child’s environment is this one with the changes over it, an undefined change removing', () => {
    const env = childEnvironment(
      { REPORTS_DIR: '/tmp/r', FC_SEED: undefined },
      { FC_SEED: '1', PATH: '/bin' },
    );
    expect(env).toEqual({ REPORTS_DIR: '/tmp/r', PATH: '/bin' });
  });

  test('.env.example lists every variable a user sets, each with its declared default', () => {
    const example = renderEnvExample();
    expect(example).toContain('# CONFORMANCE_WORKERS=2\n');
    expect(example).toContain('# TARGET_AUTH_URL=\n');
    expect(example).not.toContain('CONFORMANCE_RUN_ID=');
  });
});
