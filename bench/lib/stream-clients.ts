import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { RANKING_EVENT } from '../../common/constants.js';
import { callJson } from '../../server/test/process.js';
import { fmt } from './format.js';

/**
 * The client side of the live-stream bench (bench/lib/streams.ts, bench/lib/stream-slow-readers.ts):
 * client sockets opened from many loopback addresses that read the ranking frames, the server's RSS
 * as /proc reports it, and the count of open streams the server gives on /api/health.
 */

/** Sockets opened at once: well below the listen backlog (511), so that no SYN is dropped and retried a second later. */
export const BATCH = 200;
/** Streams per client address: under the raised per-address cap, as a real client behind one address would be. */
export const PER_ADDRESS = 50;
const FRAME = `event: ${RANKING_EVENT}\n`;
export const OPEN_TIMEOUT_MS = 10_000;
export const COUNT_TIMEOUT_MS = 30_000;

export const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms).unref());
export const mb = (kb: number) => fmt(kb / 1024, 1);

/** One client socket and the ranking frames it has read; `onFrame` is told of each new one. */
export interface Client {
  socket: Socket;
  frames: number;
  /** Bytes read, headers included. */
  bytes: number;
  onFrame?: () => void;
}

let nextNetwork = 10;
/** A network (the second byte of 127.x.y.z) no earlier caller has taken in this process: see addressOf. */
export function takeNetwork(): number {
  return nextNetwork++;
}

/**
 * 127.<network>.x.y, `perAddress` sockets each: Linux routes all of 127/8 to loopback. Each openMany
 * (and the slow readers' measure) takes a network of its own, so no new socket can meet the TIME_WAIT
 * pair of an earlier one.
 */
export function addressOf(network: number, index: number, perAddress = PER_ADDRESS): string {
  const host = Math.floor(index / perAddress);
  return `127.${network}.${Math.floor(host / 250)}.${(host % 250) + 1}`;
}

/**
 * Connects from `localAddress`, sends `request` and resolves with the client once the answer is a 200
 * and `frames` ranking frames have come, or with why not (EMFILE, EADDRNOTAVAIL, a refusal's status).
 * The socket is read to the end, as a healthy client does, so nothing piles up at the server.
 */
export function openClient(port: number, localAddress: string, request: string, frames: number) {
  return new Promise<Client | string>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    const client: Client = { socket, frames: 0, bytes: 0 };
    let head = '';
    // A frame's marker may straddle two chunks: the end of the previous one is kept.
    let tail = '';
    let settled = false;
    const settle = (result: Client | string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (typeof result === 'string') socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => settle(`no answer within ${OPEN_TIMEOUT_MS / 1000} s`), OPEN_TIMEOUT_MS);
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(request));
    socket.on('data', (chunk: string) => {
      client.bytes += Buffer.byteLength(chunk);
      if (head.length < 12) {
        head += chunk.slice(0, 12);
        if (head.length >= 12 && !head.startsWith('HTTP/1.1 200')) return settle(`HTTP ${head.slice(9, 12)}`);
      }
      const text = tail + chunk;
      for (let at = text.indexOf(FRAME); at !== -1; at = text.indexOf(FRAME, at + FRAME.length)) {
        client.frames++;
        client.onFrame?.();
      }
      tail = text.slice(-(FRAME.length - 1));
      if (head.length >= 12 && client.frames >= frames) settle(client);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => settle(error.code ?? error.message));
    socket.on('close', () => settle('closed by the server'));
  });
}

/**
 * Opens `count` clients in batches of BATCH. At the first batch with a failure it stops and says why:
 * the run goes on with what is open rather than crash.
 */
export async function openMany(port: number, count: number, request: string, frames: number) {
  const network = takeNetwork();
  const clients: Client[] = [];
  const failures = new Map<string, number>();
  for (let first = 0; first < count && failures.size === 0; first += BATCH) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(BATCH, count - first) }, (_, i) =>
        openClient(port, addressOf(network, first + i), request, frames),
      ),
    );
    for (const result of batch) {
      if (typeof result === 'string') failures.set(result, (failures.get(result) ?? 0) + 1);
      else clients.push(result);
    }
  }
  if (failures.size > 0) {
    const why = [...failures].map(([reason, n]) => `${fmt(n)} x ${reason}`).join(', ');
    console.log(
      `streams: opened ${fmt(clients.length)} of ${fmt(count)} ${frames > 0 ? 'streams' : 'idle connections'} (${why}); going on with those`,
    );
  }
  return clients;
}

export function closeAll(clients: Client[]): void {
  for (const client of clients) client.socket.destroy();
}

export function rssKb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? Number.NaN);
}

/** The RSS once it stops moving (within 1% over a second), or after 10 s: freed memory returns late. */
export async function settledRssKb(pid: number): Promise<number> {
  let last = rssKb(pid);
  for (let i = 0; i < 10; i++) {
    await sleep(1_000);
    const now = rssKb(pid);
    if (Math.abs(now - last) <= last * 0.01) return now;
    last = now;
  }
  return last;
}

/** Polls /api/health until it counts `count` open streams (or COUNT_TIMEOUT_MS passes); returns the last count. */
export async function waitForStreams(url: string, count: number): Promise<number> {
  const deadline = Date.now() + COUNT_TIMEOUT_MS;
  for (;;) {
    const open: number = (await callJson(url, 'GET', '/api/health')).body.data.liveStreams;
    if (open === count || Date.now() > deadline) return open;
    await sleep(100);
  }
}
