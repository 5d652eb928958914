#!/usr/bin/env node
// A status-change command (contract section 3) for any sandbox that serves the test helpers, such as
// the embedded one or `classifieds-conformance sandbox --account`: it asks the helpers to change the
// ad's status, as a marketplace's back office would. Plain Node (18 or later), nothing to install.
//
//   TARGET_STATUS_CHANGE_COMMAND="node node_modules/classifieds-conformance/examples/status-change/sandbox-helpers.mjs"
//   STATUS_CHANGE_CONTROL_URL=http://127.0.0.1:8080     the sandbox's test helpers (its resource server)
//   STATUS_CHANGE_CONTROL_KEY=...                       their key
//
// Its own variables, never SANDBOX_CONTROL_URL/SANDBOX_CONTROL_KEY: those would put the whole suite
// in helpers mode, and this command is how account mode is rehearsed. The suite gives AD_OWNER,
// AD_ID and AD_STATUS. Exit 0: changed, and the last line is {"id","status","changed_at"}. Exit 3:
// the sandbox refused the status (400: the only field is the status); the reference sandbox accepts
// any non-empty status of up to 256 characters, since section 3 may grow, so 3 is seldom seen.
// Exit 1: anything else (a missing variable, no such user or ad, a wrong key, no answer); standard
// error says why and never holds the key.
import process from 'node:process';

/* global fetch, AbortSignal, console -- Node 18+ has them all. */

const CANNOT_BE_MADE = 3;
const FAILED = 1;
const TIMEOUT_MS = 30_000;

/** Ends the command: the reason on standard error, with the key taken out should it appear. */
function fail(code, message) {
  const key = process.env.STATUS_CHANGE_CONTROL_KEY;
  process.stderr.write(`${key ? message.replaceAll(key, '[redacted]') : message}\n`);
  process.exit(code);
}

function required(name) {
  const value = process.env[name]?.trim();
  if (!value) fail(FAILED, `status-change: ${name} is not set`);
  return value;
}

async function main() {
  const base = required('STATUS_CHANGE_CONTROL_URL').replace(/\/+$/, '');
  const key = required('STATUS_CHANGE_CONTROL_KEY');
  const [owner, id, status] = ['AD_OWNER', 'AD_ID', 'AD_STATUS'].map(required);
  const url = `${base}/test_helpers/v1/users/${encodeURIComponent(owner)}/ads/${encodeURIComponent(id)}/status`;
  let response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-key': key },
      body: JSON.stringify({ status }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    fail(FAILED, `status-change: POST ${url} got no answer: ${error?.cause?.message ?? error.message}`);
  }
  const text = await response.text();
  // The helper's own error body (contract section 2) says why; a short excerpt of anything else.
  const said = text.slice(0, 500);
  if (response.status === 400)
    fail(CANNOT_BE_MADE, `status-change: the sandbox refused status ${JSON.stringify(status)}: ${said}`);
  if (response.status !== 202 && response.status !== 200)
    fail(FAILED, `status-change: POST ${url} answered ${response.status}: ${said}`);
  let answer;
  try {
    answer = JSON.parse(text);
  } catch {
    fail(
      FAILED,
      `status-change: POST ${url} answered ${response.status} with a body that is not JSON: ${said}`,
    );
  }
  console.log(JSON.stringify({ id: answer.id, status: answer.status, changed_at: answer.changed_at }));
}

void main();
