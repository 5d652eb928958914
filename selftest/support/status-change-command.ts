/**
 * A minimal status-change command (contract section 3) for the self-tests: changes AD_ID of
 * AD_OWNER to AD_STATUS through the test helper of a sandbox (STATUS_CHANGE_CONTROL_URL, with
 * STATUS_CHANGE_CONTROL_KEY), and prints the change it made as its last line. The project ships its
 * own in examples/status-change/; this copy keeps the self-tests of account mode apart from it.
 * Run: `node --import tsx selftest/support/status-change-command.ts` (TLS: NODE_EXTRA_CA_CERTS).
 */

async function main(): Promise<void> {
  const { AD_OWNER, AD_ID, AD_STATUS, STATUS_CHANGE_CONTROL_URL, STATUS_CHANGE_CONTROL_KEY } = process.env;
  if (!AD_OWNER || !AD_ID || !AD_STATUS || !STATUS_CHANGE_CONTROL_URL || !STATUS_CHANGE_CONTROL_KEY) {
    console.error(
      'needs AD_OWNER, AD_ID, AD_STATUS, STATUS_CHANGE_CONTROL_URL and STATUS_CHANGE_CONTROL_KEY',
    );
    process.exitCode = 2;
    return;
  }
  const url = `${STATUS_CHANGE_CONTROL_URL.replace(/\/+$/, '')}/test_helpers/v1/users/${encodeURIComponent(AD_OWNER)}/ads/${encodeURIComponent(AD_ID)}/status`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-key': STATUS_CHANGE_CONTROL_KEY },
    body: JSON.stringify({ status: AD_STATUS }),
  });
  const text = await response.text();
  if (response.status !== 202) {
    console.error(`the test helper answered ${response.status}: ${text.slice(0, 500)}`);
    process.exitCode = 1;
    return;
  }
  const { id, status, changed_at: changedAt } = JSON.parse(text) as Record<string, unknown>;
  console.log(JSON.stringify({ id, status, changed_at: changedAt }));
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
