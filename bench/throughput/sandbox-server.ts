// The sandbox under load, in its own process: one user with seeded ads, a Bearer token, and on
// request pools of single-use authorization codes written to a file for the token-exchange Lua script.
import { writeFileSync } from 'node:fs';
import { startSandbox } from '../../sandbox/start.js';
import { announceReady, answerCommands, closeOnSignal } from './ready.js';

const [adCountArg] = process.argv.slice(2);
if (adCountArg === undefined) throw new Error('usage: sandbox-server <ads>');

const REDIRECT_URI = 'http://127.0.0.1:9/cb';

async function main(): Promise<void> {
  const sandbox = await startSandbox({ controlKey: 'bench-control-key-not-secret' });
  const { state } = sandbox;
  const { client, secret } = state.clients.register([REDIRECT_URI], 'bench');
  // The default limit (1,000 a second) would turn most of the load into RATE_LIMIT answers; the bench
  // measures serving pages, so this client's limit is lifted. The check itself still runs per request.
  client.rateLimit.requests = Number.MAX_SAFE_INTEGER;
  const user = state.users.create({});
  const token = state.tokens.issue({
    clientId: client.clientId,
    login: user.login,
    scopes: ['autoupload'],
    issuedAtMs: Date.now(),
  });
  state.ads.replace(
    user.login,
    Array.from({ length: Number(adCountArg) }, (_, index) => ({
      id: `ad-${index}`,
      status: index % 4 === 0 ? 'pending_review' : 'published',
      ...(index % 4 === 0 ? {} : { list_id: String(1_000_000 + index) }),
    })),
  );
  // The codes go to a user of their own: each exchange issues a token, and the sandbox keeps only the
  // newest tokens of a client and user, so exchanges for the listing's user would revoke its token.
  const codeUser = state.users.create({});
  // Command `codes <count> <file>`: a fresh pool before each run, so no run sends a code already spent.
  answerCommands((line) => {
    const [verb, count, file] = line.split(' ');
    if (verb !== 'codes' || file === undefined) throw new Error(`unknown command ${line}`);
    const codes = Array.from({ length: Number(count) }, () =>
      state.codes.issue({
        clientId: client.clientId,
        login: codeUser.login,
        scopes: ['autoupload'],
        redirectUriSent: REDIRECT_URI,
        issuedAtMs: client.clock.now(),
      }),
    );
    writeFileSync(file, `${codes.join('\n')}\n`);
    return file;
  });

  announceReady({
    appsUrl: sandbox.appsUrl,
    authUrl: sandbox.authUrl,
    token,
    clientId: client.clientId,
    clientSecret: secret,
    redirectUri: REDIRECT_URI,
  });
  closeOnSignal(() => sandbox.close());
}

void main();
