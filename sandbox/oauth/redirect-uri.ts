/** Response parameters by name; a null one is left out. */
export type ResponseParams = Record<string, string | null>;

/** Appends the response parameters to the redirect URI, keeping the URI's own query intact. */
export function withResponseParams(redirectUri: string, params: ResponseParams): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== null) url.searchParams.append(name, value);
  }
  return url.toString();
}

/** Only for faults: the response parameters in the fragment (7.1 and 5 say query). */
export function withFragmentParams(redirectUri: string, params: ResponseParams): string {
  const url = new URL(redirectUri);
  url.hash = fragmentOf(params);
  return url.toString();
}

/** The response parameters as a fragment's text, nulls left out. */
export function fragmentOf(params: ResponseParams): string {
  const fragment = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== null) fragment.append(name, value);
  return fragment.toString();
}
