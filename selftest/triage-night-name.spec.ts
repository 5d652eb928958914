import { expect, test } from '@playwright/test';
import { HISTORY_FORMAT, withNight, type Night } from '../scripts/triage/history.js';
import { triageSettings } from '../scripts/triage/settings.js';

function night(name: string, verdict: Night['verdicts'][string]): Night {
  return { format: HISTORY_FORMAT, night: name, verdicts: { 'R4.2-04': verdict }, flaky: [] };
}

test.describe('a night of requirement history is a calendar night or a nightly run, never each run', () => {
  test('two runs minutes apart are one night, the later standing for it; the next UTC day is another', () => {
    const first = triageSettings({}, new Date('2026-11-27T23:10:00Z')).night;
    const second = triageSettings({}, new Date('2026-11-27T23:40:00Z')).night;
    const nextDay = triageSettings({}, new Date('2026-11-28T00:05:00Z')).night;
    expect(first).toBe('2026-11-27');
    expect(second).toBe(first);
    expect(nextDay).toBe('2026-11-28');
    const history = withNight([night(first, 'failed')], night(second, 'passed'));
    expect(history).toEqual([night('2026-11-27', 'passed')]);
    expect(withNight(history, night(nextDay, 'passed')).map((one) => one.night)).toEqual([
      '2026-11-27',
      '2026-11-28',
    ]);
  });

  test("the nightly workflow's own name (its date and run number) is taken as given", () => {
    expect(triageSettings({ CONFORMANCE_NIGHT: ' 2026-11-27 (run 412) ' }).night).toBe(
      '2026-11-27 (run 412)',
    );
  });
});
