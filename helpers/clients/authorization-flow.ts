/** What an authorization flow in the browser (or without one) is given, and where it ends. */
export type Decision = 'approve' | 'deny';
export type PageKind = 'login' | 'consent';

export interface Credentials {
  login: string;
  password: string;
}

/** Where an authorization flow ended. */
export type AuthorizationOutcome =
  | {
      kind: 'redirected';
      /** The URL the browser was sent to, at the client's redirect URI. */
      url: URL;
      params: URLSearchParams;
      /**
       * The fragment of the redirect's Location, without `#` ('' when none): the browser does not
       * send it, so it is read from the redirect itself. 5 and 7.1 put the answer in the query.
       */
      fragment: string;
      code: string | null;
      state: string | null;
      error: string | null;
      pagesSeen: PageKind[];
    }
  | {
      kind: 'stopped';
      /** The page the browser stayed on, and the HTTP status of that document. */
      url: string;
      status: number | null;
      on: PageKind | 'other';
      loginRejected: boolean;
      pagesSeen: PageKind[];
    };

export interface AuthorizeOptions {
  /** Any navigation to this origin is the redirect back to the client; nothing listens there. */
  clientOrigin: string;
  user?: Credentials;
  decision?: Decision;
}

/** A flow's step title in the report: `<prefix> as user_…, approve` (or without signing in). */
export function flowTitle(prefix: string, options: AuthorizeOptions): string {
  const who = options.user === undefined ? 'without signing in' : `as ${options.user.login}`;
  return `${prefix} ${who}, ${options.decision ?? 'approve'}`;
}
