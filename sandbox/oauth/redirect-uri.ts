/** Appends the response parameters to the redirect URI, keeping the URI's own query intact. */
export function withResponseParams(redirectUri: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== null) url.searchParams.append(name, value);
  }
  return url.toString();
}

/** Only for the fault authz-error-in-fragment: the response parameters in the fragment (7.1 says query). */
export function withFragmentParams(redirectUri: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  const fragment = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== null) fragment.append(name, value);
  url.hash = fragment.toString();
  return url.toString();
}
