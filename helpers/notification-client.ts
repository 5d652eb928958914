import type { HttpExchange } from './exchange.js';
import type { HttpClient } from './http.js';
import { registerSecret } from './redact.js';

export const NOTIFICATION_PATH = '/autoservice/v1/notification';

/** The body of create and update (4.6); tests may send anything, so every field is open. */
export type NotificationSettings = Record<string, unknown>;

export interface NotificationCall {
  /** Undefined sends `Bearer <token>`; null sends no Authorization header; a string is sent as is. */
  authorization?: string | null;
  /** Defaults to application/json on create and update. */
  contentType?: string;
}

/** Client of {apps_url}/autoservice/v1/notification[/{id}] (4.6). */
export class NotificationClient {
  constructor(
    private readonly http: HttpClient,
    private readonly appsUrl: string,
  ) {}

  create(token: string, settings: NotificationSettings, call: NotificationCall = {}): Promise<HttpExchange> {
    return this.send('POST', NOTIFICATION_PATH, token, call, settings);
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

  remove(token: string, id: string, call: NotificationCall = {}): Promise<HttpExchange> {
    return this.send('DELETE', this.itemPath(id), token, call);
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
      ...(settings === undefined ? {} : { body: JSON.stringify(settings) }),
    });
  }
}
