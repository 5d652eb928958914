/** R4.1-08: `state` is returned unchanged, byte for byte. */
export function returnedState(sent: string): string {
  return sent;
}

/** Only for the fault authz-state-double-decoded: percent-decoded once more (%20 comes back a space). */
export function doubleDecoded(sent: string): string {
  try {
    return decodeURIComponent(sent);
  } catch {
    return sent;
  }
}
