import { startSandbox } from '../sandbox/start.ts';
import { request } from 'undici';
import { benchAds } from '../bench/lib/sandbox-http.ts';
const KEY = 'mem-test-control-key-xxxx';
const s = await startSandbox({ controlKey: KEY });
const mode = process.argv[2];
const valid = JSON.stringify({ ads: benchAds(200_000) });
const over = `{"ads":[],"pad":"${'x'.repeat(17 * 1024 * 1024)}"}`;
const mb = () => { globalThis.gc?.(); const m = process.memoryUsage(); return `rss ${(m.rss/1e6).toFixed(0)} heap ${(m.heapUsed/1e6).toFixed(0)} ext ${(m.external/1e6).toFixed(0)} ab ${(m.arrayBuffers/1e6).toFixed(0)} maxrss ${(process.resourceUsage().maxRSS/1e3).toFixed(0)}`; };
console.log('start', mb());
for (let i = 0; i < 6; i++) {
  const u = s.state.users.create({});
  const r = await request(`${s.appsUrl}/test_helpers/v1/users/${u.login}/ads`, { method: 'PUT', headers: { 'x-sandbox-key': KEY, 'content-type': 'application/json' }, body: mode === 'valid' ? valid : over }).catch(e => ({ statusCode: 'ERR ' + e.code, body: null }));
  if (r.body) await r.body.dump();
  console.log(i, r.statusCode, mb());
}
await s.close();
