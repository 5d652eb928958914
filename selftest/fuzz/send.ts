import type { FuzzCase } from './cases.js';
import type { Piece } from './inputs.js';
import { sendRaw, type RawOutcome } from './raw-http.js';
import type { FuzzWorld } from './seed.js';

/** The values behind the placeholders of the generated requests (secrets included). */
function placeholders(world: FuzzWorld): Record<string, string> {
  return {
    owner_token: world.owner.token,
    owner_client: world.owner.clientId,
    owner_login: world.owner.login,
    owner_redirect_q: encodeURIComponent(world.owner.redirectUri),
    owner_notification: world.ownerNotificationId,
    fuzzer_token: world.fuzzer.token,
    fuzzer_client: world.fuzzer.clientId,
    fuzzer_secret: world.fuzzer.clientSecret,
    fuzzer_login: encodeURIComponent(world.fuzzer.login),
    fuzzer_notification: world.fuzzerNotificationId,
    control_key: world.controlKey,
  };
}

function fill(pieces: readonly Piece[], values: Record<string, string>): Buffer {
  return Buffer.concat(
    pieces.map((piece) =>
      typeof piece === 'string'
        ? Buffer.from(
            piece.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole),
            'utf8',
          )
        : Buffer.from(piece),
    ),
  );
}

export function sendCase(world: FuzzWorld, fuzzCase: FuzzCase): Promise<RawOutcome> {
  const values = placeholders(world);
  const body = fill(fuzzCase.body, values);
  // A declared Content-Length, a chunked encoding or a contradiction is what the case is about.
  const framed = fuzzCase.headers.some(([name]) => /^(content-length|transfer-encoding)$/i.test(name));
  return sendRaw(fuzzCase.server === 'auth' ? world.auth : world.apps, {
    method: fuzzCase.method,
    target: fill(fuzzCase.target, values),
    headers: fuzzCase.headers.map(([name, value]) => [name, fill([value], values)] as const),
    body,
    omitContentLength: framed,
  });
}
