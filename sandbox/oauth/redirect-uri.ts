/** Appends the response parameters to the redirect URI, keeping the URI's own query intact. */
export function withResponseParams(redirectUri: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== null) url.searchParams.append(name, value);
  }
  return url.toString();
}
