import { parseJsonBody, type HttpExchange } from '../record/exchange.js';
import type { HttpClient } from './http.js';
import { ownerOf, type Journal } from '../report/journal.js';
import { markerPath } from './marker.js';
import { registerSecret } from '../report/redact.js';
import { NOTIFICATION_PATH } from '../../spec/paths.js';

/** The body of create and update (4.6); tests may send anything, so every field is open. */
export type NotificationSettings = Record<string, unknown>;

export interface NotificationCall {
  /** Undefined sends `Bearer <token>`; null sends no Authorization header; a string is sent as is. */
  authorization?: string | null;
  /** Defaults to application/json on create and update. */
  contentType?: string;
  /**
   * The test expects this create refused (a token without autoupload, an invalid body): a refused
   * create applied nothing, so one that met an edge is sent again like a read; a server that would
   * accept it accepts the retry too, and the test sees that answer.
   */
  refusalExpected?: boolean;
  /** A create the caller sends again itself, as a new configuration, after an edge's answer. */
  repeatedByCaller?: boolean;
}

/**
 * Client of {apps_url}/autoservice/v1/notification[/{id}] (4.6). With a journal (a target other
 * than the embedded sandbox), every configuration created is journaled until it is deleted, so
 * that `npm run cleanup` can remove what an interrupted run left.
 */
export class NotificationClient {
  constructor(
    private readonly http: HttpClient,
    private readonly appsUrl: string,
    private readonly journal: Journal | null = null,
  ) {}

  async create(
    token: string,
    settings: NotificationSettings,
    call: NotificationCall = {},
  ): Promise<HttpExchange> {
    const exchange = await this.send('POST', NOTIFICATION_PATH, token, call, settings);
    if (this.journal === null || exchange.response.status >= 300) return exchange;
    const id = (parseJsonBody(exchange) as { id?: unknown } | null)?.id;
    if (typeof id === 'string') {
      const owner = ownerOf(token);
      this.journal.created({
        id,
        appsUrl: this.appsUrl,
        login: owner?.login ?? null,
        clientId: owner?.clientId ?? null,
        marker: markerPath(),
        createdAt: new Date().toISOString(),
      });
    }
    return exchange;
  }

  /** Where a create is sent. */
  get createUrl(): string {
    return `${this.appsUrl}${NOTIFICATION_PATH}`;
  }

  read(token: string, id: string, call: NotificationCall = {}): Promise<HttpExchange> {
    return this.send('GET', this.itemPath(id), token, call);
  }

  update(
    token: string,
    id: string,
    settings: NotificationSettings,
    call: NotificationCall = {},
  ): Promise<HttpExchange> {
    return this.send('PUT', this.itemPath(id), token, call, settings);
  }

  async remove(token: string, id: string, call: NotificationCall = {}): Promise<HttpExchange> {
    const exchange = await this.send('DELETE', this.itemPath(id), token, call);
    // Only a success: a 404 may be another user's attempt on a configuration still live.
    if (exchange.response.status < 300) this.journal?.deleted(this.appsUrl, id);
    return exchange;
  }

  private itemPath(id: string): string {
    return `${NOTIFICATION_PATH}/${encodeURIComponent(id)}`;
  }

  private send(
    method: 'POST' | 'GET' | 'PUT' | 'DELETE',
    path: string,
    token: string,
    call: NotificationCall,
    settings?: NotificationSettings,
  ): Promise<HttpExchange> {
    registerSecret(token);
    if (typeof settings?.token === 'string') registerSecret(settings.token);
    const authorization = call.authorization === undefined ? `Bearer ${token}` : call.authorization;
    const headers: Record<string, string> = authorization === null ? {} : { authorization };
    if (settings !== undefined) headers['content-type'] = call.contentType ?? 'application/json';
    return this.http.send({
      method,
      url: `${this.appsUrl}${path}`,
      headers,
      // RFC 9110 9.2.2: a read, an update (PUT) and a delete are idempotent, so one that met an
      // edge's answer is sent again; a create (POST) is not, and its broken verdict says why.
      repeatable: method !== 'POST' || call.refusalExpected === true,
      ...(call.repeatedByCaller === true ? { repeatedByCaller: true } : {}),
      ...(settings === undefined ? {} : { body: JSON.stringify(settings) }),
    });
  }
}
