import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Section 4: "all bodies are JSON", and the body-token endpoints (basic user info, the catalogs)
 * read `access_token` from a JSON body. The official PHP client (`olx-brasil/olx-api-client`,
 * `Client::call`) posts its JSON with curl's default `Content-Type:
 * application/x-www-form-urlencoded`, as does the documentation's own PHP sample; production
 * answers it. So at a route marked `BODY_TOKEN_ROUTE`, a body sent as a form or as `text/plain`
 * is read as JSON when it is JSON (the two types alike: neither is refused where the other is
 * taken); a body that is not JSON stays text, which holds no token. When the rule `jsonTaken`
 * says no (the switch strict-content-type), both are 415 naming the rule. At the import's routes
 * (`JSON_ONLY_ROUTE`) both are 415 alike; elsewhere a form body is 415 and a text one stays text.
 */

/** The route config that marks a body-token endpoint. */
export const BODY_TOKEN_ROUTE = { config: { bodyToken: true } } as const;

/**
 * The route config of the ad import's endpoints, whose documentation requires `Content-type:
 * application/json` ("A versão atual aceita chamadas feitas incorretamente": production's newer
 * import stopped taking others): a form and a text body are refused alike, 415 saying so.
 */
export const JSON_ONLY_ROUTE = { config: { jsonOnly: true } } as const;

/** A Content-Type a route does not take, with a message that says which rule it breaks. */
export class MediaTypeError extends Error {
  readonly statusCode = 415;
  constructor(message: string) {
    super(message);
    this.name = 'MediaTypeError';
  }
}

const OTHER_TYPES = ['application/x-www-form-urlencoded', 'text/plain'];

const STRICT_REFUSAL =
  'This endpoint takes Content-Type: application/json, its body being JSON (spec sections 4 and 4.3); the sandbox switch strict-content-type is on.';

function marks(request: FastifyRequest): { bodyToken?: boolean; jsonOnly?: boolean } {
  return (request.routeOptions.config as { bodyToken?: boolean; jsonOnly?: boolean } | undefined) ?? {};
}

const IMPORT_REFUSAL = 'The ad import takes Content-Type: application/json, as its documentation requires.';

function isForm(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('application/x-www-form-urlencoded');
}

/** Installs the form and text parsers of the resource server; `jsonTaken` is read at each request. */
export function readJsonUnderOtherTypes(app: FastifyInstance, jsonTaken: () => boolean): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(OTHER_TYPES, { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (marks(request).jsonOnly === true) {
      done(new MediaTypeError(IMPORT_REFUSAL));
      return;
    }
    if (marks(request).bodyToken !== true) {
      if (isForm(request)) done(new MediaTypeError('This endpoint does not accept that Content-Type.'));
      else done(null, text);
      return;
    }
    if (!jsonTaken()) {
      done(new MediaTypeError(STRICT_REFUSAL));
      return;
    }
    void json(request, text, (error, parsed) => {
      done(null, error === null && parsed !== null && typeof parsed === 'object' ? parsed : text);
    });
  });
}
