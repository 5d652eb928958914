#!/usr/bin/env node
// A status-change command (contract section 3) that changes an ad through the marketplace's ad
// import, as the suite's field notes document it: `PUT {apps_url}/autoupload/import` with
// `{access_token, ad_list: [{id, operation, ...}]}`, then `POST {apps_url}/autoupload/import/{token}`
// until the import has decided the ad. Works as it is against the reference sandbox (which serves the
// import; docs/sandbox-import.md) and against any marketplace whose import is as documented, given the
// fields its ads need (IMPORT_AD_FIELDS). No test helper, no control key. Plain Node 18+.
//
// The suite gives AD_OWNER, AD_ID and AD_STATUS. The import knows two operations, so:
//   deleted         -> "delete" of the ad
//   published       -> "insert" of the ad again (an edit): the marketplace's moderation publishes it
//   pending_review  -> "insert" asking the sandbox's moderation to hold it in review
//   refused         -> "insert" asking the sandbox's moderation to refuse it
//   any other       -> exit 3: a marketplace gives such statuses itself (sold, expired, ...), the
//                      import cannot ask for them; but with IMPORT_SANDBOX_ANY_STATUS=1 (the
//                      reference sandbox only) an "insert" asking its moderation for that status
// (the ask is `params.sandbox_moderation`, which the reference sandbox reads and a marketplace
// ignores); the command waits for the decision and prints, as its last line, the change the import
// made: {"id","status"}, which may differ from the one asked for (a real moderation decides).
// An id the import's rule [A-Za-z0-9_{}-]{1,19} refuses: exit 3. Anything else that goes wrong
// (a target that ignored the ask for any status among them): exit 1, with a standard error that
// never holds a token.
//
// Its variables (put them in .env, the tokens as CI secrets):
//   IMPORT_APPS_URL            the marketplace's apps URL (default TARGET_APPS_URL)
//   IMPORT_ACCESS_TOKEN        an access token of TARGET_USER_LOGIN with the scope autoupload
//   IMPORT_ACCESS_TOKEN_USER2  the same for TARGET_USER2_LOGIN
//   IMPORT_AD_FIELDS           JSON merged into every inserted ad (category, subject, body, phone,
//                              type, zipcode, price, params...): the defaults suit the sandbox
//   IMPORT_USER_AGENT          a browser-like User-Agent (some imports answer 404 without one)
//   IMPORT_WAIT_SECONDS        how long to wait for the decision (default 90; the suite allows 120)
//   IMPORT_SANDBOX_ANY_STATUS  1 when the target is the reference sandbox, whose moderation can give
//                              an ad any status ("status:<status>"): then no status exits 3
import process from 'node:process';

/* global fetch, AbortSignal, console, setTimeout -- Node 18+ has them all. */

const CANNOT_BE_MADE = 3;
const FAILED = 1;
const REQUEST_TIMEOUT_MS = 30_000;
const POLL_MS = 200;
const SECRETS = ['IMPORT_ACCESS_TOKEN', 'IMPORT_ACCESS_TOKEN_USER2'];
const AD_ID = /^[A-Za-z0-9_{}-]{1,19}$/;

/** A plain ad the reference sandbox accepts; a marketplace's own fields come from IMPORT_AD_FIELDS. */
const DEFAULT_FIELDS = {
  category: '5020',
  subject: 'Conformance suite ad',
  body: 'An ad changed by the conformance suite through the ad import.',
  phone: '11987654321',
  type: 's',
  price: 100,
  zipcode: '01310-100',
};

/** What each status the suite asks for becomes: the operation, and what the sandbox's moderation is asked. */
const PLANS = {
  deleted: { operation: 'delete' },
  published: { operation: 'insert', moderation: 'accept' },
  pending_review: { operation: 'insert', moderation: 'review' },
  refused: { operation: 'insert', moderation: 'refuse' },
};

/** A status outside PLANS, asked of the reference sandbox's moderation when the team says it is one. */
function sandboxPlan(status) {
  if (process.env.IMPORT_SANDBOX_ANY_STATUS?.trim() !== '1') return undefined;
  return { operation: 'insert', moderation: `status:${status}`, adStatus: status };
}

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

function adFields() {
  const given = process.env.IMPORT_AD_FIELDS?.trim();
  if (!given) return DEFAULT_FIELDS;
  try {
    return { ...DEFAULT_FIELDS, ...JSON.parse(given) };
  } catch {
    return fail(FAILED, 'ad-import: IMPORT_AD_FIELDS is not a JSON object');
  }
}

/** The import's item for the status wanted, or exit 3 when the import cannot make it. */
function itemFor(id, status) {
  if (!AD_ID.test(id))
    fail(
      CANNOT_BE_MADE,
      `ad-import: the import takes ids matching [A-Za-z0-9_{}-]{1,19}; ${JSON.stringify(id)} does not`,
    );
  const plan = Object.hasOwn(PLANS, status) ? PLANS[status] : sandboxPlan(status);
  if (plan === undefined)
    fail(
      CANNOT_BE_MADE,
      `ad-import: the import cannot set status ${JSON.stringify(status)}; the marketplace decides it` +
        ' (on the reference sandbox, IMPORT_SANDBOX_ANY_STATUS=1 asks its moderation for it)',
    );
  if (plan.operation === 'delete') return { id, operation: 'delete' };
  const fields = adFields();
  return {
    ...fields,
    id,
    operation: 'insert',
    params: { ...fields.params, sandbox_moderation: plan.moderation },
  };
}

/** One call: the answer's HTTP status and JSON body; exit 1 when there is none. */
async function call(method, url, body) {
  let response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        'content-type': 'application/json',
        'user-agent': process.env.IMPORT_USER_AGENT ?? 'Mozilla/5.0 (conformance status change)',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    fail(FAILED, `ad-import: ${method} ${url} got no answer: ${error?.cause?.message ?? error.message}`);
  }
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return fail(
      FAILED,
      `ad-import: ${method} ${url} answered ${response.status}, not JSON: ${text.slice(0, 300)}`,
    );
  }
}

/** The ad status the import's decision on the item means, or undefined while it is not decided. */
function decided(item, wanted) {
  if (item === undefined || item.status === 'queued') return undefined;
  if (item.status === 'error')
    fail(FAILED, `ad-import: the import could not process the ad: ${JSON.stringify(item.message)}`);
  if (!Object.hasOwn(PLANS, wanted)) return sandboxStatus(item, wanted);
  if (item.status === 'pending') return wanted === 'pending_review' ? 'pending_review' : undefined;
  if (item.status === 'refused') return 'refused';
  return item.operation === 'delete' ? 'deleted' : 'published';
}

/**
 * The status the reference sandbox's moderation gave when asked for one (the item's `ad_status`);
 * a target that decided otherwise ignored the ask: it is not the reference sandbox, exit 1.
 */
function sandboxStatus(item, wanted) {
  if (item.ad_status === wanted) return wanted;
  return fail(
    FAILED,
    `ad-import: the import ${item.status === 'refused' ? 'refused' : 'decided'} the ad without the status ` +
      `asked of the sandbox's moderation (${JSON.stringify(item.status)}, ad_status ` +
      `${JSON.stringify(item.ad_status)}): unset IMPORT_SANDBOX_ANY_STATUS unless the target is the reference sandbox`,
  );
}

async function main() {
  const [owner, id, status] = ['AD_OWNER', 'AD_ID', 'AD_STATUS'].map(required);
  const base = (process.env.IMPORT_APPS_URL ?? required('TARGET_APPS_URL')).replace(/\/+$/, '');
  const accessToken = tokenFor(owner);
  const item = itemFor(id, status);
  const imported = await call('PUT', `${base}/autoupload/import`, {
    access_token: accessToken,
    ad_list: [item],
  });
  const answer = imported.body;
  if (imported.status !== 200 || answer.statusCode !== 0 || typeof answer.token !== 'string')
    fail(
      FAILED,
      `ad-import: the import answered ${imported.status}: ${JSON.stringify(answer).slice(0, 500)}`,
    );
  const waitMs = Number(process.env.IMPORT_WAIT_SECONDS ?? 90) * 1000;
  const until = Date.now() + waitMs;
  let last;
  while (Date.now() < until) {
    const query = await call('POST', `${base}/autoupload/import/${encodeURIComponent(answer.token)}`, {
      access_token: accessToken,
    });
    if (query.status !== 200)
      fail(
        FAILED,
        `ad-import: the import's status answered ${query.status}: ${JSON.stringify(query.body).slice(0, 300)}`,
      );
    last = query.body.ads?.[id];
    const made = decided(last, status);
    if (made !== undefined) {
      console.log(JSON.stringify({ id, status: made }));
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  if (last?.status === 'pending') {
    console.log(JSON.stringify({ id, status: 'pending_review' }));
    return;
  }
  fail(FAILED, `ad-import: no decision on ad ${id} within ${waitMs / 1000} s: ${JSON.stringify(last)}`);
}

void main();
