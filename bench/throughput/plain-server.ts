// Reference 1: the floor for Node on this machine, a bare node:http server answering fixed bytes.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { announceReady, closeOnSignal } from './ready.js';

const [bodyFile, contentType] = process.argv.slice(2);
if (bodyFile === undefined || contentType === undefined) throw new Error('usage: plain-server <body> <type>');
const body = readFileSync(bodyFile);
const length = String(body.length);

const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': contentType, 'content-length': length });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  announceReady({ url: `http://127.0.0.1:${port}` });
});
closeOnSignal(() => new Promise((resolve) => server.close(resolve)));
