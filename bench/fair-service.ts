// Fair-service benchmark: one caller pipelines thousands of listing requests on one connection
// (written at once, read as they come), while a bystander, another client on its own connection,
// asks for its listing one request after another. Printed: the bystander's latency while each
// pipeline is pending beside its quiet latency, measured first in the same run and the same
// process, and how long each pipeline took to be answered whole. The sandbox runs as `npm run
// sandbox` runs it (its Node flags, a data folder), in a process of its own. Loopback only; every
// loop is bounded (the pipelines, the bystander's requests, a deadline for each pipeline).
//
//   npm run bench:fair -- [--pipeline 3000] [--floods 2] [--quiet 300]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SANDBOX_NODE_FLAGS } from '../sandbox/process-settings.js';
import { PUBLISHED_PATH } from '../spec/paths.js';
import { childJson } from './lib/child-json.js';
import { latencySummary } from './lib/stats.js';
import type { SandboxChildInfo } from './sandbox-child.js';
import { startServerChild } from './throughput/child.js';

const { values: options } = parseArgs({
  options: {
    pipeline: { type: 'string', default: '3000' },
    floods: { type: 'string', default: '2' },
    quiet: { type: 'string', default: '300' },
  },
});
const PIPELINE = Number(options.pipeline);
const FLOODS = Number(options.floods);
const QUIET = Number(options.quiet);
/** A pipeline not answered whole in this long is given up (its figure then says so). */
const PIPELINE_DEADLINE_MS = 120_000;
/** The bystander's requests during one pipeline, at most. */
const BYSTANDER_MAX = 5_000;
const LISTING = `${PUBLISHED_PATH}?fetch_size=20`;

/** One GET of the listing on the bystander's kept-alive connection: its time, or NaN when not a 200. */
function listing(url: URL, token: string, agent: Agent): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    const sent = request(
      new URL(LISTING, url),
      { agent, headers: { authorization: `Bearer ${token}` } },
      (answer) => {
        answer.resume();
        answer.on('end', () => {
          resolve(answer.statusCode === 200 ? performance.now() - started : NaN);
        });
      },
    );
    sent.on('error', () => {
      resolve(NaN);
    });
    sent.end();
  });
}

/** Counts whole answers in a stream of HTTP/1.1 answers with Content-Length bodies. */
class AnswerCounter {
  answered = 0;
  private pending: Buffer = Buffer.alloc(0);

  add(chunk: Buffer): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    for (;;) {
      const headEnd = this.pending.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = this.pending.toString('latin1', 0, headEnd);
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      const end = headEnd + 4 + length;
      if (this.pending.length < end) return;
      this.pending = this.pending.subarray(end);
      this.answered += 1;
    }
  }
}

/** `count` listing requests written at once on one connection; resolves when all are answered. */
function pipeline(url: URL, token: string, count: number): Promise<{ seconds: number; answered: number }> {
  const one = `GET ${LISTING} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n\r\n`;
  const started = performance.now();
  return new Promise((resolve) => {
    const counter = new AnswerCounter();
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    const done = (): void => {
      clearTimeout(deadline);
      socket.destroy();
      resolve({ seconds: (performance.now() - started) / 1000, answered: counter.answered });
    };
    const deadline = setTimeout(done, PIPELINE_DEADLINE_MS);
    socket.on('connect', () => socket.write(one.repeat(count)));
    socket.on('data', (chunk: Buffer) => {
      counter.add(chunk);
      if (counter.answered >= count) done();
    });
    socket.on('error', done);
    socket.on('close', done);
  });
}

interface Round {
  round: string;
  requests: number;
  failed: number;
  latency: { p50: number; p99: number; max: number };
  pipelineSeconds?: number;
  pipelineAnswered?: number;
}

function roundOf(name: string, times: number[]): Round {
  const served = times.filter((time) => !Number.isNaN(time));
  return {
    round: name,
    requests: times.length,
    failed: times.length - served.length,
    latency: latencySummary(served),
  };
}

async function quietRound(url: URL, token: string, agent: Agent): Promise<Round> {
  const times: number[] = [];
  for (let index = 0; index < QUIET; index += 1) times.push(await listing(url, token, agent));
  return roundOf('quiet (reference)', times);
}

/** The bystander's requests, one after another, for as long as a pipeline is pending. */
async function floodRound(
  url: URL,
  tokens: { flood: string; bystander: string },
  agent: Agent,
  index: number,
): Promise<Round> {
  const state = { pending: true };
  const flood = pipeline(url, tokens.flood, PIPELINE).finally(() => (state.pending = false));
  const times: number[] = [];
  while (state.pending && times.length < BYSTANDER_MAX)
    times.push(await listing(url, tokens.bystander, agent));
  const { seconds, answered } = await flood;
  return {
    ...roundOf(`beside pipeline ${index + 1} of ${PIPELINE}`, times),
    pipelineSeconds: Number(seconds.toFixed(2)),
    pipelineAnswered: answered,
  };
}

function report(rounds: Round[]): void {
  console.table(
    rounds.map((round) => ({
      round: round.round,
      requests: round.requests,
      failed: round.failed,
      p50_ms: round.latency.p50,
      p99_ms: round.latency.p99,
      max_ms: round.latency.max,
      pipeline_s: round.pipelineSeconds ?? '',
      pipeline_answered: round.pipelineAnswered ?? '',
    })),
  );
  const [quiet, ...floods] = rounds;
  for (const flood of floods)
    console.log(
      `bystander p99 ${flood.latency.p99} ms ${flood.round} (max ${flood.latency.max} ms, ${flood.requests} requests) vs ${quiet?.latency.p99} ms quiet; ` +
        `the pipeline answered ${flood.pipelineAnswered} of ${PIPELINE} in ${flood.pipelineSeconds} s`,
    );
  mkdirSync('reports/bench', { recursive: true });
  const figures = {
    date: new Date().toISOString(),
    node: process.version,
    pipeline: PIPELINE,
    floods: FLOODS,
    quiet: QUIET,
  };
  writeFileSync('reports/bench/fair-service.json', JSON.stringify({ ...figures, rounds }, null, 2));
  console.log('written reports/bench/fair-service.json');
}

async function main(): Promise<void> {
  const data = mkdtempSync(join(tmpdir(), 'bench-fair-'));
  const child = await startServerChild<SandboxChildInfo>(
    '../sandbox-child.ts',
    ['--data', data],
    [...SANDBOX_NODE_FLAGS],
  );
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const url = new URL(child.info.appsUrl);
    const flood = await childJson<{ token: string }>(child, 'actor');
    const bystander = await childJson<{ token: string }>(child, 'actor');
    const tokens = { flood: flood.token, bystander: bystander.token };
    const rounds = [await quietRound(url, tokens.bystander, agent)];
    for (let index = 0; index < FLOODS; index += 1) rounds.push(await floodRound(url, tokens, agent, index));
    report(rounds);
  } finally {
    agent.destroy();
    await child.stop();
    rmSync(data, { recursive: true, force: true });
  }
}

void main();
