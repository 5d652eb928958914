import type { AdToImport } from '../src/import.js';
import { runClient, type Mistakes, type RunReport } from '../src/run.js';
import { ConsentBrowser, type User } from './browser.js';

/**
 * One run of the reference client against a running sandbox, the user's consent given in Chromium:
 * what the client's tests (and the CI workflow) do before they grade the client with
 * `classifieds-conformance client-report`.
 */

/** A client as the sandbox's test helpers register it (contract, section 2). */
export interface RegisteredClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface HarnessOptions {
  authUrl: string;
  appsUrl: string;
  caFile?: string;
  client: RegisteredClient;
  user: User;
  chromiumPath?: string;
  /** Ads imported (cars, whose catalog ids the client keeps). */
  adCount?: number;
  fetchSize?: number;
  catalogFile?: string;
  mistakes?: Mistakes;
  log?: (line: string) => void;
}

/** A car the reference sandbox's catalog holds (sandbox/data/catalogs/cars.json). */
const CAR = { brand: 'Chevrolet', model: 'Onix', version: '1.0 LT Flex 12V Mec.' };

/** `count` car ads, their ids unique to this run and within the import's 19 characters. */
export function sampleAds(count: number, tag = Date.now().toString(36)): AdToImport[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `rc${tag}-${index + 1}`.slice(0, 19),
    category: '2020',
    subject: `Onix 2020, ad ${index + 1}`,
    body: 'One owner, full service history.',
    phone: '11999990000',
    type: 's',
    price: 45_000 + index * 1000,
    zipcode: '01310100',
    car: CAR,
  }));
}

export async function runWithBrowser(options: HarnessOptions): Promise<RunReport> {
  const redirectUri = options.client.redirect_uris[0];
  if (redirectUri === undefined) throw new Error('the client has no redirect URI');
  const browser = await ConsentBrowser.launch({
    user: options.user,
    redirectUri,
    authUrl: options.authUrl,
    ...(options.caFile === undefined ? {} : { caFile: options.caFile }),
    ...(options.chromiumPath === undefined ? {} : { chromiumPath: options.chromiumPath }),
  });
  try {
    return await runClient({
      authUrl: options.authUrl,
      appsUrl: options.appsUrl,
      ...(options.caFile === undefined ? {} : { caFile: options.caFile }),
      credentials: {
        clientId: options.client.client_id,
        clientSecret: options.client.client_secret,
        redirectUri,
      },
      openBrowser: (url) => browser.consent(url),
      ads: sampleAds(options.adCount ?? 8),
      fetchSize: options.fetchSize ?? 3,
      ...(options.catalogFile === undefined ? {} : { catalogFile: options.catalogFile }),
      ...(options.mistakes === undefined ? {} : { mistakes: options.mistakes }),
      ...(options.log === undefined ? {} : { log: options.log }),
    });
  } finally {
    await browser.close();
  }
}
