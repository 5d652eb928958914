/** A body parsed as JSON when it looks like an object or array and parses; else undefined. */
export function parseJsonLeniently(body: string): unknown {
  const start = body.trimStart()[0];
  if (start !== '{' && start !== '[') return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** A form or query value decoded; the text as it is when it is not valid percent-encoding. */
export function decodeFormValue(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
