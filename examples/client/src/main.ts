// The reference client from a shell: `npx tsx examples/client/src/main.ts --config client.json`.
// It prints the URL the user opens in a browser, waits on its redirect URI, then runs (run.ts) and
// prints what it did as JSON. The configuration file holds the secret, so it is a file, never an
// argument (a command line is visible to every user of the machine).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { AdToImport } from './import.js';
import { runClient } from './run.js';

interface ConfigFile {
  auth_url: string;
  apps_url: string;
  ca_file?: string;
  client_id: string;
  client_secret: string;
  redirect_uri: string;
  fetch_size?: number;
  catalog_file?: string;
  ads: AdToImport[];
}

const HELP = `Usage: tsx examples/client/src/main.ts --config FILE

FILE (JSON): auth_url, apps_url, ca_file?, client_id, client_secret, redirect_uri (registered, on
this machine: the client listens there), fetch_size?, catalog_file?, ads (see src/import.ts).`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { config: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
  });
  if (values.help || values.config === undefined) {
    console.log(HELP);
    process.exit(values.help ? 0 : 2);
  }
  const config = JSON.parse(readFileSync(values.config, 'utf8')) as ConfigFile;
  const report = await runClient({
    authUrl: config.auth_url,
    appsUrl: config.apps_url,
    ...(config.ca_file === undefined ? {} : { caFile: config.ca_file }),
    credentials: {
      clientId: config.client_id,
      clientSecret: config.client_secret,
      redirectUri: config.redirect_uri,
    },
    openBrowser: (url) => {
      console.log(`Open in a browser to connect the account:\n${url}`);
    },
    ads: config.ads,
    ...(config.fetch_size === undefined ? {} : { fetchSize: config.fetch_size }),
    ...(config.catalog_file === undefined ? {} : { catalogFile: config.catalog_file }),
    log: (line) => {
      console.error(line);
    },
  });
  console.log(JSON.stringify(report, null, 2));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
