import { expect, test } from '@playwright/test';
import { reportedChange, runStatusChange } from '../helpers/clients/status-change.js';
import { redactText } from '../helpers/report/redact.js';
import { resolveStatusChange } from '../helpers/target/status-change-config.js';
import { configurationProblems, environment, settingsOf } from '../config/environment.js';

/** Contract section 3's status-change command, run as the suite runs it. */
const request = { owner: 'seller-1', adId: 'ad-7', status: 'published' };

test.describe('the status-change command (contract section 3)', () => {
  test('exit 0: made, told AD_OWNER, AD_ID and AD_STATUS; a last JSON line names the change made instead', async () => {
    const plain = await runStatusChange('echo "$AD_OWNER $AD_ID $AD_STATUS"', request);
    expect(plain).toMatchObject({ kind: 'made', reported: undefined, stdout: 'seller-1 ad-7 published\n' });
    const other = await runStatusChange(
      'echo working; echo \'{"id":"ad-8","status":"refused","changed_at":"2026-11-25T10:00:00Z"}\'',
      request,
    );
    expect(other).toMatchObject({
      kind: 'made',
      reported: { id: 'ad-8', status: 'refused', changedAt: '2026-11-25T10:00:00Z' },
    });
  });

  test('exit 3: cannot be made here; any other exit or no exit in time: failed', async () => {
    expect(await runStatusChange('echo "no such status" >&2; exit 3', request)).toMatchObject({
      kind: 'cannot',
      stderr: 'no such status\n',
    });
    expect(await runStatusChange('exit 7', request)).toMatchObject({
      kind: 'failed',
      why: 'exited with status 7',
    });
    const slow = await runStatusChange('sleep 30', request, environment(), 300);
    expect(slow).toMatchObject({ kind: 'failed', why: 'did not exit within 0.3 s' });
  });

  test("the command's own secrets (variables whose names say so) are redacted from its output", async () => {
    const env = { ...environment(), IMPORT_API_TOKEN: 'imp-4f1c9a77e2' };
    const outcome = await runStatusChange('echo "token $IMPORT_API_TOKEN refused" >&2; exit 1', request, env);
    expect(redactText(outcome.stderr)).toBe('token [REDACTED] refused\n');
  });

  test('a last line that is not the JSON object is no report', () => {
    expect(reportedChange('done\n')).toBeUndefined();
    expect(reportedChange('{"id": 5, "status": "x"}')).toBeUndefined();
    expect(reportedChange('{"id": "a", "status": "x"}\n\n')).toEqual({ id: 'a', status: 'x' });
  });

  test('TARGET_DELIVERY_TIMEOUT and CONFORMANCE_OBSERVE_SECONDS are whole seconds; the default is 60', () => {
    expect(resolveStatusChange(settingsOf({ TARGET_STATUS_CHANGE_COMMAND: 'x' }))).toEqual({
      command: 'x',
      deliveryTimeoutMs: 60_000,
    });
    const timeout = { TARGET_STATUS_CHANGE_COMMAND: 'x', TARGET_DELIVERY_TIMEOUT: '90' };
    expect(resolveStatusChange(settingsOf(timeout))?.deliveryTimeoutMs).toBe(90_000);
    expect(resolveStatusChange(settingsOf({ TARGET_DELIVERY_TIMEOUT: '5s' }))).toBeNull();
    const wrong = { TARGET_DELIVERY_TIMEOUT: '5s', CONFORMANCE_OBSERVE_SECONDS: '0' };
    expect(settingsOf(wrong).CONFORMANCE_OBSERVE_SECONDS).toBeUndefined();
    expect(configurationProblems(wrong).sort()).toEqual([
      'CONFORMANCE_OBSERVE_SECONDS: expected an integer from 1 to 21600, got "0"',
      'TARGET_DELIVERY_TIMEOUT: expected an integer from 1 to 3600, got "5s"',
    ]);
  });
});
