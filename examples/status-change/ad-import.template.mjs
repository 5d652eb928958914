#!/usr/bin/env node
// TEMPLATE: NOT READY TO RUN AS IT IS. Copy it into your repository, fill in the parts marked FILL IN,
// and try it by hand before the suite runs it.
//
// A status-change command (contract section 3) for a marketplace whose ad-import operation is
// `PUT {apps_url}/autoupload/import` with `{access_token, ad_list: [{id, operation, ...}]}`,
// answering 200 with `{token, statusCode, statusMessage, errors}` (the suite's field notes; this
// operation is outside the specification, so check it against your marketplace's documentation).
// Changes made through the import trigger AD_STATUS like any other.
//
// The suite gives AD_OWNER (TARGET_USER_LOGIN or TARGET_USER2_LOGIN), AD_ID (an ad of that user, from
// the listing) and AD_STATUS (the status the check wants). The import knows two operations, so:
//   AD_STATUS=deleted         -> operation "delete"  (exit 0, last line {"id","status":"deleted"})
//   AD_STATUS=pending_review  -> operation "insert" of the ad again, which puts it back in review
//   anything else (published, refused, ...): the marketplace decides it (moderation): exit 3.
// Exit 1 on anything else, with a standard error that never holds a token.
//
// Its variables (put them in .env, the secrets as CI secrets):
//   IMPORT_APPS_URL           the marketplace's apps URL (default TARGET_APPS_URL)
//   IMPORT_ACCESS_TOKEN       an access token of TARGET_USER_LOGIN with the scope the import needs
//   IMPORT_ACCESS_TOKEN_USER2 the same for TARGET_USER2_LOGIN
//   IMPORT_USER_AGENT         a browser-like User-Agent (some imports answer 404 without one)
import process from 'node:process';

/* global fetch, AbortSignal, console -- Node 18+ has them all. */

const CANNOT_BE_MADE = 3;
const FAILED = 1;
const TIMEOUT_MS = 60_000;
const SECRETS = ['IMPORT_ACCESS_TOKEN', 'IMPORT_ACCESS_TOKEN_USER2'];

function fail(code, message) {
  let text = message;
  for (const name of SECRETS) {
    const value = process.env[name];
    if (value) text = text.replaceAll(value, '[redacted]');
  }
  process.stderr.write(`${text}\n`);
  process.exit(code);
}

function required(name) {
  const value = process.env[name]?.trim();
  if (!value) fail(FAILED, `ad-import: ${name} is not set`);
  return value;
}

/** The owner's access token: one variable per configured user. */
function tokenFor(owner) {
  if (owner === process.env.TARGET_USER_LOGIN) return required('IMPORT_ACCESS_TOKEN');
  if (owner === process.env.TARGET_USER2_LOGIN) return required('IMPORT_ACCESS_TOKEN_USER2');
  return fail(FAILED, `ad-import: no access token for the user ${JSON.stringify(owner)}`);
}

/**
 * FILL IN: the fields your marketplace's import needs to insert this ad again (title, body,
 * category, price, images, ...), for instance read from a file of the account's fixed ads by id.
 */
function insertedAd(id) {
  return fail(
    CANNOT_BE_MADE,
    `ad-import: the template does not know the fields of ad ${id} (FILL IN insertedAd)`,
  );
}

/** The import's item for the status wanted, or exit 3 when the import cannot make it. */
function itemFor(id, status) {
  if (status === 'deleted') return { id, operation: 'delete' };
  if (status === 'pending_review') return { ...insertedAd(id), id, operation: 'insert' };
  return fail(
    CANNOT_BE_MADE,
    `ad-import: the import cannot set status ${JSON.stringify(status)}; the marketplace decides it`,
  );
}

async function main() {
  const [owner, id, status] = ['AD_OWNER', 'AD_ID', 'AD_STATUS'].map(required);
  const base = (process.env.IMPORT_APPS_URL ?? required('TARGET_APPS_URL')).replace(/\/+$/, '');
  const body = { access_token: tokenFor(owner), ad_list: [itemFor(id, status)] };
  let response;
  try {
    response = await fetch(`${base}/autoupload/import`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        // FILL IN: the User-Agent your marketplace's import accepts.
        'user-agent': process.env.IMPORT_USER_AGENT ?? 'Mozilla/5.0 (conformance status change)',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    fail(
      FAILED,
      `ad-import: PUT ${base}/autoupload/import got no answer: ${error?.cause?.message ?? error.message}`,
    );
  }
  const text = await response.text();
  let answer;
  try {
    answer = JSON.parse(text);
  } catch {
    fail(FAILED, `ad-import: answered ${response.status}, not JSON: ${text.slice(0, 300)}`);
  }
  // FILL IN: how your marketplace says an item was refused (here: a non-empty "errors").
  const errors = answer.errors ?? [];
  if (response.status !== 200 || (Array.isArray(errors) && errors.length > 0))
    fail(
      FAILED,
      `ad-import: answered ${response.status}: ${JSON.stringify({ statusCode: answer.statusCode, statusMessage: answer.statusMessage, errors })}`,
    );
  console.log(JSON.stringify({ id, status }));
}

void main();
