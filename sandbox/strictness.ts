import type { RulebookPatch } from './rules/book.js';
import { always } from './rules/patch.js';

/** A strict switch of the rulebook: what it refuses, and the patch that makes the reference refuse it. */
export interface StrictDefinition {
  description: string;
  patch: RulebookPatch;
}

/**
 * Where production's documentation, samples or published clients show it taking something its
 * written rules do not name, the sandbox takes it too, and a strict switch (off by default)
 * refuses it, saying which documented rule it breaks (docs/sandbox-rules.md, "Strict switches").
 * These two bend the rulebook; the import's three (strict-phone, strict-key-spelling,
 * strict-vehicle-fields) are settings of the import (import/switches.ts). A strict switch is a
 * setting of the sandbox, never a fault or a variant: the suite sends none of what they refuse.
 */
export const STRICT_SWITCHES = {
  'strict-oauth-path': {
    description:
      'GET {auth_url}/oauth/ (a trailing slash, as the official PHP client asks) is a 404 page naming spec 4.1, not served as /oauth (default false)',
    patch: { authorization: { slashedAuthorizationPath: always(false) } },
  },
  'strict-content-type': {
    description:
      'basic user info and the catalogs refuse a JSON body sent as a form or text/plain (as the official PHP client sends it) with 415 naming section 4 (default false)',
    patch: { resources: { jsonUnderOtherMediaType: always(false) } },
  },
} as const satisfies Record<string, StrictDefinition>;

/**
 * What production has done to clients outside its documentation, as a setting of the rulebook (off
 * by default): the field notes' User-Agent 404 of the older endpoints.
 */
export const PRODUCTION_BEHAVIOURS = {
  'user-agent-404': {
    description:
      "the catalog lookups and the ad import answer the origin's HTML 404 to a request whose User-Agent is not browser-like (does not start with Mozilla/), as production has done (field notes; default false)",
    patch: { catalogs: { browserUserAgentRequired: always(true) } },
  },
} as const satisfies Record<string, StrictDefinition>;
