import { type Dispatcher, request } from 'undici';
import type { FormTransport } from '../../helpers/clients/form-flow.js';

export { FlowError, type FormFlowAccount as Credentials } from '../../helpers/clients/form-flow.js';

/**
 * The browserless form flow's requests over undici with the benchmark's own pool: a benchmark
 * needs codes by the thousand, and a browser per code would measure the browser.
 */
export function undiciTransport(authUrl: string, dispatcher: Dispatcher): FormTransport {
  return async ({ method, path, headers, body }) => {
    const response = await request(`${authUrl}${path}`, {
      method,
      headers,
      dispatcher,
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.body.text();
    return {
      status: response.statusCode,
      body: text,
      header: (name) => {
        const value = response.headers[name];
        return Array.isArray(value) ? value.join(', ') : (value ?? '');
      },
    };
  };
}
