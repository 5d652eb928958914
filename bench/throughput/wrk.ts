import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LoadSettings {
  durationSeconds: number;
  connections: number;
  threads: number;
}

/** What wrk reports for one target, latencies in milliseconds. */
export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers outside 2xx and 3xx (wrk's "Non-2xx or 3xx responses"). */
  non2xx: number;
  /** Connect, read, write and timeout errors together. */
  socketErrors: number;
}

/** One request as wrk should send it: fixed, or a Lua `request` function of its own. */
export type RequestScript =
  | { kind: 'fixed'; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }
  | { kind: 'lua'; source: string };

const RESULT_PREFIX = 'WRK_RESULT ';

/** Prints the summary as one JSON line, so nothing depends on wrk's human-readable layout. */
const DONE_LUA = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('${RESULT_PREFIX}{"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,' ..
    '"status":%d,"socket":%d}\\n', summary.requests, summary.duration, latency:percentile(50),
    latency:percentile(99), e.status, e.connect + e.read + e.write + e.timeout))
end
`;

/** A Lua string literal (long-bracket form, so quotes and backslashes pass unchanged). */
export function luaString(value: string): string {
  return `[==[${value}]==]`;
}

function fixedRequestLua(script: Extract<RequestScript, { kind: 'fixed' }>): string {
  const headers = Object.entries(script.headers)
    .map(([name, value]) => `wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`)
    .join('\n');
  const body = script.body === undefined ? '' : `wrk.body = ${luaString(script.body)}`;
  return `wrk.method = ${luaString(script.method)}\n${headers}\n${body}\n`;
}

/** Runs wrk against `url` in its own process and parses the JSON line the done() hook prints. */
export async function runWrk(
  url: string,
  script: RequestScript,
  settings: LoadSettings,
  scriptDir: string,
  name: string,
): Promise<LoadResult> {
  const scriptFile = join(scriptDir, `${name}.lua`);
  const requestLua = script.kind === 'fixed' ? fixedRequestLua(script) : script.source;
  writeFileSync(scriptFile, `${requestLua}\n${DONE_LUA}`);
  const args = [
    `-t${settings.threads}`,
    `-c${settings.connections}`,
    `-d${settings.durationSeconds}s`,
    '-s',
    scriptFile,
    url,
  ];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`wrk exited with ${code}:\n${stdout}`));
    });
  });
  const line = output.split('\n').find((candidate) => candidate.startsWith(RESULT_PREFIX));
  if (line === undefined) throw new Error(`no result line from wrk:\n${output}`);
  const raw = JSON.parse(line.slice(RESULT_PREFIX.length)) as Record<
    'requests' | 'duration_us' | 'p50_us' | 'p99_us' | 'status' | 'socket',
    number
  >;
  return {
    requests: raw.requests,
    requestsPerSecond: Math.round(raw.requests / (raw.duration_us / 1e6)),
    p50Ms: raw.p50_us / 1000,
    p99Ms: raw.p99_us / 1000,
    non2xx: raw.status,
    socketErrors: raw.socket,
  };
}
