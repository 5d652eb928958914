import type { HttpExchange } from '../record/exchange.js';
import type { HttpClient } from './http.js';
import { paced } from './rate-limit-pacing.js';
import { registerSecret } from '../report/redact.js';
import { PUBLISHED_PATH } from '../../spec/paths.js';

export interface PageRequest {
  pageToken?: string;
  adsStatus?: string;
  fetchSize?: number | string;
  /** Undefined sends `Bearer <token>`; null sends no Authorization header; a string is sent as is. */
  authorization?: string | null;
  quiet?: boolean;
  /** False hands a RATE_LIMIT answer over at once: for the test of the limit itself. */
  paced?: boolean;
}

/** Client of GET {apps_url}/autoupload/v1/published (4.4). */
export class ListingClient {
  constructor(
    private readonly http: HttpClient,
    private readonly appsUrl: string,
  ) {}

  page(accessToken: string, request: PageRequest = {}): Promise<HttpExchange> {
    registerSecret(accessToken);
    const query = new URLSearchParams();
    if (request.pageToken !== undefined) query.set('page_token', request.pageToken);
    if (request.adsStatus !== undefined) query.set('ads_status', request.adsStatus);
    if (request.fetchSize !== undefined) query.set('fetch_size', String(request.fetchSize));
    const search = query.size === 0 ? '' : `?${query.toString()}`;
    const authorization =
      request.authorization === undefined ? `Bearer ${accessToken}` : request.authorization;
    const send = (): Promise<HttpExchange> =>
      this.http.send({
        method: 'GET',
        url: `${this.appsUrl}${PUBLISHED_PATH}${search}`,
        headers: authorization === null ? {} : { authorization },
        quiet: request.quiet ?? false,
        repeatable: true,
      });
    return request.paced === false ? send() : paced(send);
  }
}
