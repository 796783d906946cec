import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callJson, type ServerProcess } from '../../server/test/process.js';
import { fmt } from './format.js';
import {
  BATCH,
  type Client,
  COUNT_TIMEOUT_MS,
  closeAll,
  mb,
  openMany,
  PER_ADDRESS,
  settledRssKb,
  sleep,
  waitForStreams,
} from './stream-clients.js';
import { createTopic, PROPOSITIONS, RAISED_CAPS, register, withServer } from './stream-server.js';
import { slowReaders } from './stream-slow-readers.js';

/** Streams per measure, each on servers of its own. */
const SIZES = [1_000, 10_000];
const FAN_OUT_TIMEOUT_MS = 30_000;
/** Votes timed per size: one alone would say little on a machine shared with other work. */
const FAN_OUT_VOTES = 3;

/**
 * Submits one vote and times, from the submission, the arrival of the ranking event it causes on every
 * stream: the answer time, the median and last arrivals (ms), and the streams still waiting.
 */
export async function fanOut(url: string, topicId: number, itemName: string, clients: Client[]) {
  const voter = await register(url, `stream_bench_${Date.now()}`);
  const arrivals: number[] = [];
  let started = 0;
  const everyone = new Promise<void>((done) => {
    if (clients.length === 0) done();
    for (const client of clients) {
      const before = client.frames;
      client.onFrame = () => {
        if (client.frames !== before + 1) return;
        arrivals.push(performance.now() - started);
        if (arrivals.length === clients.length) done();
      };
    }
  });
  started = performance.now();
  const vote = await callJson(url, 'POST', '/api/search/propositions', {
    token: voter.token,
    body: { topicId, propositions: [{ itemName, points: 3, userId: voter.id }], userTags: [] },
  });
  const answeredMs = performance.now() - started;
  if (vote.status >= 300) throw new Error(`vote: HTTP ${vote.status}`);
  await Promise.race([everyone, sleep(FAN_OUT_TIMEOUT_MS)]);
  arrivals.sort((a, b) => a - b);
  const at = (q: number) =>
    arrivals[Math.min(arrivals.length - 1, Math.floor(arrivals.length * q))] ?? Number.NaN;
  return { answeredMs, p50: at(0.5), last: at(1), missed: clients.length - arrivals.length };
}

/**
 * Opens `n` clients sending `request` (see openClient) and reads the server's RSS before and after.
 * One batch is opened and closed first, so that the idle figure already holds the code the requests
 * compile and the caches they fill. `seconds` runs until the server counts the streams open.
 */
async function loaded(server: ServerProcess, n: number, request: string, frames: number) {
  const pid = server.child.pid ?? Number.NaN;
  const port = Number(new URL(server.url).port);
  closeAll(await openMany(port, BATCH, request, frames));
  await waitForStreams(server.url, 0);
  const idleKb = await settledRssKb(pid);
  const started = performance.now();
  const clients = await openMany(port, n, request, frames);
  const streams = frames > 0 ? clients.length : 0;
  const counted = await waitForStreams(server.url, streams);
  if (counted !== streams)
    console.log(`streams: the server counts ${fmt(counted)} streams, ${fmt(streams)} are open here`);
  const seconds = (performance.now() - started) / 1000;
  return { idleKb, loadedKb: await settledRssKb(pid), clients, seconds };
}

/** RSS with `n` idle keep-alive HTTP connections (one answered GET /api/live each): what any socket costs. */
async function idleConnections(server: ServerProcess, n: number) {
  const request = 'GET /api/live HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n';
  const result = await loaded(server, n, request, 0);
  closeAll(result.clients);
  return result;
}

/** RSS with `n` live-ranking streams, then FAN_OUT_VOTES votes timed to every stream; closes them all. */
async function openStreams(server: ServerProcess, topicId: number, n: number) {
  const request = `GET /api/topics/${topicId}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
  const result = await loaded(server, n, request, 1);
  const votes = [];
  for (let i = 0; i < FAN_OUT_VOTES; i++)
    votes.push(await fanOut(server.url, topicId, PROPOSITIONS[i] as string, result.clients));
  closeAll(result.clients);
  const left = await waitForStreams(server.url, 0);
  if (left !== 0)
    console.log(`streams: ${fmt(left)} still counted open ${COUNT_TIMEOUT_MS / 1000} s after closing`);
  return { ...result, votes };
}

function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}

/**
 * The memory of open live-ranking streams (GET /api/topics/{id}/events) at 1,000 and 10,000 streams,
 * against as many idle keep-alive HTTP connections, and the time a vote takes to reach them all.
 * Each measure has a server process of its own on one fresh SQLite database: a server does not give
 * back to the system the memory of closed sockets (its RSS even grew after 10,000 closed), so a
 * second measure on the same process would reuse it and read low. Everything runs on loopback.
 * Last, the issue report's slow readers (see slowReaders), with the server's default caps.
 */
export async function benchStreams(): Promise<void> {
  const began = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'podium-streams-'));
  const databaseUrl = `sqlite:${join(dataDir, 'podium.sqlite')}`;
  try {
    const topicId = await createTopic(databaseUrl);
    const caps = Object.entries(RAISED_CAPS).map(([name, value]) => `${name}=${fmt(Number(value))}`);
    console.log(
      `\nstreams: caps raised for the bench by configuration: ${caps.join(', ')} (defaults 20, 5,000, 10,000); ${PER_ADDRESS} streams per 127.x address; a fresh server per measure`,
    );
    const rows: string[] = [];
    for (const n of SIZES) {
      // A size this machine cannot hold (descriptors, addresses) must not cost the others their figures.
      try {
        const baseline = await withServer(databaseUrl, dataDir, (server) => idleConnections(server, n));
        const streams = await withServer(databaseUrl, dataDir, (server) => openStreams(server, topicId, n));
        rows.push(row(baseline, streams));
      } catch (error) {
        console.log(`streams: ${fmt(n)} streams could not be measured: ${reason(error)}`);
      }
    }
    console.log(
      `| streams | RSS idle server MB (connections / streams server) | RSS with as many idle HTTP connections MB | RSS with the streams MB | KB per idle connection | KB per stream above the idle server | KB per stream above an idle connection | open time s | vote answered ms | vote reaches streams ms (p50 / last, ${FAN_OUT_VOTES} votes) |`,
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const line of rows) console.log(line);
    try {
      console.log(await slowReaders());
    } catch (error) {
      console.log(`streams: the slow readers could not be measured: ${reason(error)}`);
    }
    console.log(
      `streams: a vote's event first waits out the coalescing window (LIVE_EVENT_INTERVAL_MS, 50 ms by default); RSS moves by a few MB from run to run, so the figures per stream at 1,000 are rough; section took ${fmt((performance.now() - began) / 1000, 1)} s`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type Measure = Awaited<ReturnType<typeof loaded>>;

function row(baseline: Measure, streams: Measure & { votes: Awaited<ReturnType<typeof fanOut>>[] }): string {
  const kbEach = ({ idleKb, loadedKb, clients }: Measure) =>
    (loadedKb - idleKb) / Math.max(1, clients.length);
  const fanOuts = streams.votes
    .map((v) => `${fmt(v.p50)} / ${fmt(v.last)}${v.missed > 0 ? ` (${fmt(v.missed)} never)` : ''}`)
    .join('; ');
  const answered = streams.votes.map((v) => fmt(v.answeredMs)).join(', ');
  const opened =
    baseline.clients.length === streams.clients.length
      ? ''
      : ` (${fmt(baseline.clients.length)} connections)`;
  return `| ${fmt(streams.clients.length)}${opened} | ${mb(baseline.idleKb)} / ${mb(streams.idleKb)} | ${mb(baseline.loadedKb)} | ${mb(streams.loadedKb)} | ${fmt(kbEach(baseline), 1)} | ${fmt(kbEach(streams), 1)} | ${fmt(kbEach(streams) - kbEach(baseline), 1)} | ${fmt(streams.seconds, 1)} | ${answered} | ${fanOuts} |`;
}
