import { expect, test } from '@playwright/test';
import { gradeClient, standingOf } from '../report-card/grade.js';
import { fp, JournalBuilder } from './broken-clients/journal-builder.js';

/**
 * The sandbox judges a code's lifetime on the client's own clock (the clock helper moves it), and
 * the journal names that clock's offset on each record (`client_clock_offset_ms`): the card grades
 * C2.2-02 on the same clock, so a code the sandbox refused as expired is never graded in time.
 */
const MINUTE = 60_000;

function codeDay(offsetAtIssue: number, offsetAtExchange: number, wallMinutes: number): JournalBuilder {
  const j = new JournalBuilder('client-clock');
  j.request({
    endpoint: 'consent',
    method: 'POST',
    path: '/oauth/consent',
    scheme: 'https',
    status: 302,
    answer: { code: fp('code') },
    client_clock_offset_ms: offsetAtIssue,
  });
  const late = offsetAtExchange + wallMinutes * MINUTE - offsetAtIssue >= 10 * MINUTE;
  j.wait(wallMinutes * MINUTE).request({
    endpoint: 'token',
    method: 'POST',
    path: '/oauth/token',
    scheme: 'https',
    credentials: { secret_in: ['body'] },
    params: { code: fp('code'), redirect_uri: 'https://client.example/cb', grant_type: 'authorization_code' },
    status: late ? 400 : 200,
    ...(late ? { reason: 'invalid_grant' } : {}),
    client_clock_offset_ms: offsetAtExchange,
  });
  return j;
}

function lifetimeStanding(j: JournalBuilder): string | undefined {
  const line = gradeClient(j.clientId, j.records).lines.find((one) => one.requirement.id === 'C2.2-02');
  return line === undefined ? undefined : standingOf(line);
}

test.describe("C2.2-02 on the client's clock, as the sandbox judged it", () => {
  test("a code exchanged 1 minute later in real time, 11 minutes later on the client's clock, fails C2.2-02", () => {
    expect(lifetimeStanding(codeDay(0, 10 * MINUTE, 1))).toBe('failed');
  });

  test('a code issued and exchanged after the clock moved, 1 minute apart, passes C2.2-02', () => {
    expect(lifetimeStanding(codeDay(30 * MINUTE, 30 * MINUTE, 1))).toBe('passed');
  });

  test('a journal naming no clock: real time, as before (11 minutes fails, 9 passes)', () => {
    const plain = (minutes: number) => {
      const j = codeDay(0, 0, minutes);
      for (const record of j.records) if (record.kind === 'request') delete record.client_clock_offset_ms;
      return j;
    };
    expect(lifetimeStanding(plain(11))).toBe('failed');
    expect(lifetimeStanding(plain(9))).toBe('passed');
  });
});
