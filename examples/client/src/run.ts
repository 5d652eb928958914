import { setTimeout as sleep } from 'node:timers/promises';
import { CatalogStore } from './catalog.js';
import { connect, type ClientCredentials } from './consent.js';
import { EdgeError, field, Http } from './http.js';
import { importAds, type AdToImport, type ImportedAd } from './import.js';
import { crawlListing, type Crawl } from './listing.js';
import { configureNotification, deleteNotification, Receiver, type Event } from './receiver.js';
import { Session } from './session.js';

/**
 * One run of the client, as a dealer system would make it: connect the account (browser consent),
 * read the user's name, subscribe to AD_STATUS with its own receiver, import its ads, wait for
 * their status events, crawl the listing, and unsubscribe. A step whose token the marketplace
 * refused runs again after the user's new consent (session.ts).
 */

export interface ClientOptions {
  authUrl: string;
  appsUrl: string;
  /** PEM of the marketplace's CA when it is not a public one (a sandbox's). */
  caFile?: string;
  credentials: ClientCredentials;
  /** Sends the user's browser to the authorization URL. */
  openBrowser: (url: string) => Promise<void> | void;
  ads: readonly AdToImport[];
  fetchSize?: number;
  /** Where the catalog ids are kept between runs. */
  catalogFile?: string;
  /** The address the marketplace reaches the receiver at (loopback for a local sandbox). */
  receiverHost?: string;
  /** How long to wait for the imported ads' status events. */
  deliveryWaitMs?: number;
  timeoutMs?: number;
  /** Mistakes, for the tests that prove the report card can fail; never set in real use. */
  mistakes?: Mistakes;
  log?: (line: string) => void;
}

/** What a test may make the client do wrong: its code sent again; every page token followed, a repeated one too. */
export interface Mistakes {
  resendCode?: boolean;
  followRepeatedTokens?: boolean;
}

export interface RunReport {
  /** Null when basic_user_info is gone (production answers 404 since 2026-08). */
  userName: string | null;
  imported: ImportedAd[];
  events: Event[];
  crawl: Crawl;
}

const SCOPE = 'basic_user_info autoupload';

/**
 * 4.3; a 404 is the endpoint missing, as production has it: the run goes on without the name.
 * Production's origin answered it with its web server's HTML page, which a client cannot tell from
 * an edge's: after the edge's retries, the endpoint is missing all the same.
 */
async function userName(http: Http, appsUrl: string, token: string): Promise<string | null> {
  let answer;
  try {
    answer = await http.send(`${appsUrl}/oauth_api/basic_user_info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json;charset=UTF-8' },
      body: JSON.stringify({ access_token: token }),
      token,
    });
  } catch (error) {
    if (error instanceof EdgeError) return null;
    throw error;
  }
  const name = field(answer.json, 'user_name');
  return answer.status === 200 && typeof name === 'string' ? name : null;
}

function crawlOptionsOf(options: ClientOptions): Parameters<typeof crawlListing>[3] {
  return {
    fetchSize: options.fetchSize ?? 200,
    ...(options.mistakes?.followRepeatedTokens === true ? { followRepeatedTokens: true } : {}),
  };
}

export async function runClient(options: ClientOptions): Promise<RunReport> {
  const log = options.log ?? (() => undefined);
  const appsUrl = options.appsUrl.replace(/\/+$/, '');
  const http = new Http({
    ...(options.caFile === undefined ? {} : { caFile: options.caFile }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    log,
  });
  const receiver = new Receiver();
  try {
    const session = new Session(
      () =>
        connect(http, {
          ...options.credentials,
          authUrl: options.authUrl,
          scope: SCOPE,
          openBrowser: options.openBrowser,
          ...(options.mistakes?.resendCode === true ? { resendCode: true } : {}),
        }),
      log,
    );
    await session.open();
    log('connected');
    const name = await session.use((token) => userName(http, appsUrl, token));
    log(name === null ? 'basic_user_info: not available, going on without the name' : `user: ${name}`);
    const url = await receiver.listen(options.receiverHost ?? '127.0.0.1');
    const configuration = await session.use((token) =>
      configureNotification(http, appsUrl, token, url, receiver.token),
    );
    const catalog = new CatalogStore(http, appsUrl, options.catalogFile);
    const imported = await importAds(http, catalog, { appsUrl }, session, options.ads);
    log(`imported: ${imported.map((ad) => `${ad.id} ${ad.status}`).join(', ')}`);
    const delivered = await receiver.waitFor(
      imported.map((ad) => ad.id),
      options.deliveryWaitMs ?? 10_000,
    );
    log(delivered ? 'every imported ad had its AD_STATUS event' : 'some AD_STATUS events did not come');
    const crawl = await session.use((token) => crawlListing(http, appsUrl, token, crawlOptionsOf(options)));
    log(`listing: ${crawl.ads.length} ads on ${crawl.pages} pages`);
    await session.use((token) => deleteNotification(http, appsUrl, token, configuration));
    // Deliveries already on their way still get their answer.
    await sleep(500);
    return { userName: name, imported, events: [...receiver.events], crawl };
  } finally {
    await receiver.close();
    await http.close();
  }
}
