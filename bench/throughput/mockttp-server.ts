// Reference 2: mockttp, the suite's own mock server, answering the same canned bytes (recording off).
import { readFileSync } from 'node:fs';
import { getLocal } from 'mockttp';
import { announceReady, closeOnSignal } from './ready.js';

async function main(): Promise<void> {
  const [bodyFile, contentType, path] = process.argv.slice(2);
  if (bodyFile === undefined || contentType === undefined || path === undefined)
    throw new Error('usage: mockttp-server <body> <type> <path>');
  const body = readFileSync(bodyFile);
  const server = getLocal({ recordTraffic: false });
  await server.start();
  // With no Content-Length mockttp ends each answer by closing the connection; the plain server sends one.
  await server
    .forGet(path)
    .thenReply(200, body, { 'content-type': contentType, 'content-length': String(body.length) });
  announceReady({ url: server.url });
  closeOnSignal(() => server.stop());
}

void main();
