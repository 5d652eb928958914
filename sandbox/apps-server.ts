import Fastify, { type FastifyInstance } from 'fastify';
import { helperFamily, otherFamily } from './apps-errors.js';
import type { ServerOptions } from './auth-server.js';
import type { RulesInForce } from './rules/in-force.js';
import type { SwitchRegistry } from './rules/switches.js';
import type { SandboxState } from './state/sandbox-state.js';
import { catalogFamily } from './catalogs/routes.js';
import { RequestTargets } from './http/client-errors.js';
import { readJsonUnderOtherTypes } from './http/body-parsers.js';
import { userAgentGate } from './http/user-agent.js';
import { errorResponder, installErrorHandling } from './http/error-handling.js';
import { boundRequestsInFlight } from './http/in-flight.js';
import { LIMITS } from './http/limits.js';
import { importFamily } from './import/routes.js';
import { NODE_SERVER_TIMEOUTS, sharedServerOptions, TLS_SERVER_OPTIONS } from './http/server-options.js';
import { formatByTerritory, ownAnswerOfAny, serveFamilies } from './http/route-family.js';
import { listingFamily } from './resources/published.js';
import { usableControlKey } from './test-helpers/control-key.js';

/** What the resource server serves: the state, the rules in force, and the switches that change them. */
export interface AppsSandbox {
  state: SandboxState;
  rules: RulesInForce;
  switches: SwitchRegistry;
}

/**
 * The resource server: basic user info, the listing, the catalogs, notifications, the OpenAPI
 * description and the test helpers. Each route family answers its errors in its own format, down
 * to a request no route took (by the family's territory) or Node's parser rejected. Over HTTPS
 * with the authorization server's certificate when `tls` is given (`--apps-https`), for a client
 * that insists on HTTPS for every call; plain HTTP otherwise.
 */
export function buildAppsServer(
  sandbox: AppsSandbox,
  controlKey: string | null,
  options: ServerOptions,
  tls?: { key: string; cert: string },
): FastifyInstance {
  const { state, rules } = sandbox;
  const others = otherFamily(state, rules);
  const families = [
    listingFamily(state, () => rules.current.resources),
    catalogFamily(
      state,
      () => rules.current.catalogs,
      () => state.adImport.catalogs.current(),
    ),
    importFamily(state, () => rules.current.notifications),
    helperFamily(sandbox, usableControlKey(controlKey)),
  ];
  const formatFor = formatByTerritory(families, others);
  const respond = errorResponder(formatFor, ownAnswerOfAny([...families, others]));
  const targets = new RequestTargets();
  const shared = {
    ...sharedServerOptions(options.logRequests, targets, formatFor, respond),
    bodyLimit: LIMITS.appsBodyBytes,
  };
  const app =
    tls === undefined
      ? Fastify({ ...shared, http: { maxHeaderSize: LIMITS.headerBytes, ...NODE_SERVER_TIMEOUTS } })
      : Fastify({
          ...shared,
          https: { key: tls.key, cert: tls.cert, maxHeaderSize: LIMITS.headerBytes, ...TLS_SERVER_OPTIONS },
        });
  targets.watch(app.server, tls !== undefined);
  // One caller's pipeline or flood never holds the others' requests back (http/in-flight.ts).
  boundRequestsInFlight(app.server);
  readJsonUnderOtherTypes(app, () => rules.current.resources.jsonUnderOtherMediaType());
  app.addHook(
    'onRequest',
    userAgentGate(() => rules.current.catalogs.browserUserAgentRequired()),
  );
  installErrorHandling(app, formatFor, respond);
  options.guardAnswers?.(app, formatFor);
  serveFamilies(app, [...families, others]);
  return app;
}
