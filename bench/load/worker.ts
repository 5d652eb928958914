import { type Dispatcher, request } from 'undici';
import { BrowserlessFormFlow } from '../../helpers/clients/form-flow.js';
import { FlowError, undiciTransport, type Credentials } from './oauth-flow.js';

/** What one simulated integrator did: latencies per operation, and errors by operation and cause. */
export interface WorkerLog {
  latenciesMs: Map<string, number[]>;
  errors: Map<string, number>;
  crawls: number;
}

export interface WorkerSetup {
  authUrl: string;
  appsUrl: string;
  credentials: Credentials;
  seededAds: number;
  /** A fresh browser session (hence the login form) every this many authorizations. */
  loginEvery: number;
  authDispatcher: Dispatcher;
  appsDispatcher: Dispatcher;
}

const PAGE_SIZE = 200;

function countError(log: WorkerLog, cause: string): void {
  log.errors.set(cause, (log.errors.get(cause) ?? 0) + 1);
}

/** Times one operation into the log; a failure is counted by its cause and rethrown. */
async function timed<T>(log: WorkerLog, operation: string, run: () => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  try {
    const value = await run();
    const latencies = log.latenciesMs.get(operation) ?? [];
    latencies.push(performance.now() - startedAt);
    log.latenciesMs.set(operation, latencies);
    return value;
  } catch (error) {
    const cause =
      error instanceof FlowError
        ? `${error.step} ${error.status}`
        : `${operation} ${(error as { code?: string }).code ?? (error as Error).name}`;
    countError(log, cause);
    throw error;
  }
}

async function fetchPage(setup: WorkerSetup, accessToken: string, pageToken: string | null) {
  const query = new URLSearchParams({ fetch_size: String(PAGE_SIZE) });
  if (pageToken !== null) query.set('page_token', pageToken);
  const response = await request(`${setup.appsUrl}/autoupload/v1/published?${query.toString()}`, {
    headers: { authorization: `Bearer ${accessToken}` },
    dispatcher: setup.appsDispatcher,
  });
  const body = await response.body.text();
  if (response.statusCode !== 200) throw new FlowError('listing page', response.statusCode);
  return JSON.parse(body) as { data: unknown[]; next_token: string | null };
}

/** The whole listing, page by page; a crawl that does not see every seeded ad is an error. */
async function crawl(setup: WorkerSetup, log: WorkerLog, accessToken: string): Promise<void> {
  let pageToken: string | null = null;
  let items = 0;
  do {
    const page = await timed(log, 'listing page', () => fetchPage(setup, accessToken, pageToken));
    items += page.data.length;
    pageToken = page.next_token;
  } while (pageToken !== null);
  if (items !== setup.seededAds) {
    countError(log, 'crawl missed ads');
    throw new FlowError(`crawl saw ${items} of ${setup.seededAds} ads`, 200);
  }
  log.crawls += 1;
}

/** Until the deadline: authorize (with a fresh login now and then), exchange the code, crawl. */
export async function runWorker(setup: WorkerSetup, deadline: number): Promise<WorkerLog> {
  const log: WorkerLog = { latenciesMs: new Map(), errors: new Map(), crawls: 0 };
  const flow = new BrowserlessFormFlow(
    undiciTransport(setup.authUrl, setup.authDispatcher),
    setup.credentials,
  );
  for (let iteration = 0; performance.now() < deadline; iteration += 1) {
    const freshLogin = iteration % setup.loginEvery === 0;
    if (freshLogin) flow.logOut();
    try {
      const code = await timed(log, freshLogin ? 'authorize, with login' : 'authorize, session', () =>
        flow.authorize({ scope: 'autoupload', state: 'load' }),
      );
      const accessToken = await timed(log, 'token exchange', () => flow.exchange(code));
      await crawl(setup, log, accessToken);
    } catch {
      // Counted by timed(); the next iteration starts over with a fresh session.
      flow.logOut();
    }
  }
  return log;
}
