import type { FastifyRequest } from 'fastify';
import type { ImportState } from './import-state.js';
import type { AccessGrant } from '../store/tokens.js';
import type { AdImport } from './ad-import.js';

/** One ad of an import's `ad_list` once its shape is checked (check-body.ts). */
export interface ParsedAd {
  index: number;
  /** As sent: the id rule is a content check (UNDEFINED_AD_ID), not a malformed body. */
  id: unknown;
  operation: 'insert' | 'delete';
  category?: string;
  zipcode?: string;
  params?: Readonly<Record<string, unknown>>;
  /** `params.sandbox_moderation`: the outcome the sender asks the sandbox's moderation for. */
  trigger?: string;
}

/** One request to an import endpoint as its checks fill it in. */
export interface ImportContext {
  readonly request: FastifyRequest;
  readonly state: ImportState;
  readonly adImport: AdImport;
  /** Set by the token check. */
  grant?: AccessGrant;
  /** Set by the body checks (the import itself). */
  ads?: ParsedAd[];
}

/** A check: returns when the request passes, throws an ImportHttpError or an ImportRefusal. */
export type ImportCheck = (context: ImportContext) => void;

/** The caller, once the token check passed (a check placed before it is a bug). */
export function grantOf(context: ImportContext): AccessGrant {
  if (context.grant === undefined) throw new Error('the token check runs first');
  return context.grant;
}

/** The import's ads, once the body checks passed. */
export function adsOf(context: ImportContext): ParsedAd[] {
  if (context.ads === undefined) throw new Error('the body checks run first');
  return context.ads;
}

/** The JSON body as an object (Fastify parsed it), or an empty one. */
export function bodyOf(context: ImportContext): Record<string, unknown> {
  const body = context.request.body;
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}
