import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RANKING_EVENT } from '../../common/constants.js';
import { migrateToLatest, openDatabase } from '../../server/db/database.js';
import { topicWith } from '../../server/modules/votes/test-helpers.js';
import { callJson, type ServerProcess, startServerProcess } from '../../server/test/process.js';
import { fmt } from './format.js';

/** Streams per measure, each on servers of its own. */
const SIZES = [1_000, 10_000];
/** Sockets opened at once: well below the listen backlog (511), so that no SYN is dropped and retried a second later. */
const BATCH = 200;
/** Streams per client address: under the raised per-address cap, as a real client behind one address would be. */
const PER_ADDRESS = 50;
/** The defaults (server/config.ts: 20 per address, 5,000 streams, 10,000 sockets) would refuse 10,000 streams. */
const RAISED_CAPS = {
  LIVE_STREAMS_PER_ADDRESS: '100',
  LIVE_STREAMS_PER_PROCESS: '20000',
  MAX_CONNECTIONS: '30000',
};
const PROPOSITIONS = Array.from({ length: 10 }, (_, i) => `Stream bench place ${i + 1}`);
const FRAME = `event: ${RANKING_EVENT}\n`;
const OPEN_TIMEOUT_MS = 10_000;
const COUNT_TIMEOUT_MS = 30_000;
const FAN_OUT_TIMEOUT_MS = 30_000;
/** Votes timed per size: one alone would say little on a machine shared with other work. */
const FAN_OUT_VOTES = 3;

/**
 * The slow-reader scenario of the issue report: SLOW_STREAMS streams whose client never reads and
 * SLOW_VOTES votes on a topic of SLOW_PROPOSITIONS propositions. Before the fix every event carried the
 * whole ranking, encoded for each stream, and this scenario took the server from 294 MB to 1,235 MB.
 */
const SLOW_STREAMS = 300;
const SLOW_VOTES = 100;
const SLOW_PROPOSITIONS = 607;
/** Under the default LIVE_STREAMS_PER_ADDRESS (20): this measure runs with the server's default caps. */
const SLOW_PER_ADDRESS = 15;
/**
 * Each vote waits (at most this long) for the reading stream to get the previous vote's event: votes
 * within one LIVE_EVENT_INTERVAL_MS (50 ms by default, kept) would leave as one event. Paced at a fixed
 * 60 ms instead, the votes' own latency jitter put two in one window for up to 1 in 5.
 */
const EVENT_WAIT_MS = 1_000;
/** After the last vote: time for its event to go out and for the server to close what is past the limit. */
const AFTER_VOTES_MS = 2_000;
/** LIVE_STREAM_MAX_UNSENT_BYTES' default (server/config.ts), which this measure keeps. */
const DEFAULT_MAX_UNSENT_BYTES = 256 * 1024;

const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms).unref());
const mb = (kb: number) => fmt(kb / 1024, 1);

/** One client socket and the ranking frames it has read; `onFrame` is told of each new one. */
interface Client {
  socket: Socket;
  frames: number;
  /** Bytes read, headers included. */
  bytes: number;
  onFrame?: () => void;
}

/**
 * 127.<network>.x.y, `perAddress` sockets each: Linux routes all of 127/8 to loopback. Each openMany
 * takes a network of its own, so no new socket can meet the TIME_WAIT pair of an earlier one.
 */
let nextNetwork = 10;
function addressOf(network: number, index: number, perAddress = PER_ADDRESS): string {
  const host = Math.floor(index / perAddress);
  return `127.${network}.${Math.floor(host / 250)}.${(host % 250) + 1}`;
}

/**
 * Connects from `localAddress`, sends `request` and resolves with the client once the answer is a 200
 * and `frames` ranking frames have come, or with why not (EMFILE, EADDRNOTAVAIL, a refusal's status).
 * The socket is read to the end, as a healthy client does, so nothing piles up at the server.
 */
function openClient(port: number, localAddress: string, request: string, frames: number) {
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
async function openMany(port: number, count: number, request: string, frames: number) {
  const network = nextNetwork++;
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

function closeAll(clients: Client[]): void {
  for (const client of clients) client.socket.destroy();
}

function rssKb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? Number.NaN);
}

/** The RSS once it stops moving (within 1% over a second), or after 10 s: freed memory returns late. */
async function settledRssKb(pid: number): Promise<number> {
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
async function waitForStreams(url: string, count: number): Promise<number> {
  const deadline = Date.now() + COUNT_TIMEOUT_MS;
  for (;;) {
    const open: number = (await callJson(url, 'GET', '/api/health')).body.data.liveStreams;
    if (open === count || Date.now() > deadline) return open;
    await sleep(100);
  }
}

async function register(url: string, name: string): Promise<{ id: number; token: string }> {
  const { status, body } = await callJson(url, 'POST', '/api/auth/register', {
    body: { username: name, email: `${name}@example.test`, password: 'stream-bench' },
  });
  if (status !== 201) throw new Error(`register ${name}: HTTP ${status}`);
  return { id: body.data.user.id, token: body.data.accessToken };
}

/**
 * Submits one vote and times, from the submission, the arrival of the ranking event it causes on every
 * stream: the answer time, the median and last arrivals (ms), and the streams still waiting.
 */
async function fanOut(url: string, topicId: number, itemName: string, clients: Client[]) {
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

/** Starts a fresh server on the bench database, hands it to `use`, and kills it whatever happens. */
async function withServer<T>(
  databaseUrl: string,
  dataDir: string,
  use: (server: ServerProcess) => Promise<T>,
  caps: Record<string, string> = RAISED_CAPS,
) {
  const server = await startServerProcess({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SEED: 'none',
    ...caps,
  });
  try {
    return await use(server);
  } finally {
    await server.kill('SIGTERM');
  }
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

/** A fresh SQLite database with one topic of `names` (PROPOSITIONS by default); returns the topic's id. */
async function createTopic(databaseUrl: string, names: string[] = PROPOSITIONS): Promise<number> {
  const setup = openDatabase({ url: databaseUrl });
  try {
    await migrateToLatest(setup);
    return (await topicWith(setup.db, names)).id;
  } finally {
    await setup.close();
  }
}

/** `count` proposition names as people write them, 20 to 40 characters: "The Golden Noodle Bar, Porto". */
function realisticNames(count: number): string[] {
  const firsts = ['Old', 'Little', 'Golden', 'Blue', 'Corner', 'Royal', 'Green', 'Silver', 'Hidden', 'Sunny'];
  const kinds = [
    'Noodle Bar',
    'Pizzeria',
    'Bakery',
    'Bistro',
    'Taqueria',
    'Tea Room',
    'Brasserie',
    'Ramen House',
    'Fish Market',
    'Coffee Roasters',
    'Dumpling Shop',
    'Wine Cellar',
  ];
  const cities = [
    'Lyon',
    'Porto',
    'Leeds',
    'Bristol',
    'Ghent',
    'Turin',
    'Seville',
    'Kyoto',
    'Oaxaca',
    'Bergen',
  ];
  const names: string[] = [];
  for (let i = 0; names.length < count && i < firsts.length * kinds.length * cities.length; i++) {
    const first = firsts[i % firsts.length];
    const kind = kinds[Math.floor(i / firsts.length) % kinds.length];
    const city = cities[Math.floor(i / (firsts.length * kinds.length))];
    const name = `The ${first} ${kind}, ${city}`;
    if (name.length >= 20 && name.length <= 40) names.push(name);
  }
  if (names.length < count) throw new Error(`only ${names.length} proposition names of 20 to 40 characters`);
  return names;
}

/**
 * Connects from `localAddress`, sends `request` and never reads: the socket is paused as soon as the
 * request is written, before it is even connected, so what the server sends piles up in the kernel's
 * buffers and then in the server. Resolves with the socket once connected, or with why not.
 */
function openUnread(port: number, localAddress: string, request: string) {
  return new Promise<Socket | string>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    socket.write(request);
    socket.pause();
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(`no connection within ${OPEN_TIMEOUT_MS / 1000} s`);
    }, OPEN_TIMEOUT_MS);
    socket.on('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    // An error once connected (the server's reset) leaves the settled promise as it is.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(error.code ?? error.message);
    });
  });
}

/** The most a loopback socket's send buffer may grow to (tcp_wmem's maximum), in bytes; NaN if unknown. */
function kernelSendBufferMax(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/tcp_wmem', 'utf8').trim().split(/\s+/)[2]);
  } catch {
    return Number.NaN;
  }
}

/**
 * The issue's slow readers, with the server's default caps and unsent limit: SLOW_STREAMS streams that
 * never read (SLOW_PER_ADDRESS per address) and one that reads, then SLOW_VOTES votes by as many users,
 * each once the reader has the previous one's event. Reads the RSS before and after, the streams the
 * server closed and the events the reader got. Its own database and server, removed and killed
 * whatever happens.
 */
async function slowReaders(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'podium-slow-readers-'));
  const databaseUrl = `sqlite:${join(dataDir, 'podium.sqlite')}`;
  const unread: Socket[] = [];
  let reader: Client | undefined;
  try {
    const names = realisticNames(SLOW_PROPOSITIONS);
    const topicId = await createTopic(databaseUrl, names);
    return await withServer(
      databaseUrl,
      dataDir,
      async (server) => {
        const pid = server.child.pid ?? Number.NaN;
        const port = Number(new URL(server.url).port);
        // The voters first: their registrations (argon2) are done before the first RSS reading.
        const voters = [];
        for (let i = 0; i < SLOW_VOTES; i++) voters.push(await register(server.url, `slow_reader_${i}`));

        const request = `GET /api/topics/${topicId}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
        const network = nextNetwork++;
        const failures = new Map<string, number>();
        for (let first = 0; first < SLOW_STREAMS; first += BATCH) {
          const batch = await Promise.all(
            Array.from({ length: Math.min(BATCH, SLOW_STREAMS - first) }, (_, i) =>
              openUnread(port, addressOf(network, first + i, SLOW_PER_ADDRESS), request),
            ),
          );
          for (const result of batch) {
            if (typeof result === 'string') failures.set(result, (failures.get(result) ?? 0) + 1);
            else unread.push(result);
          }
        }
        if (failures.size > 0) {
          const why = [...failures].map(([cause, n]) => `${fmt(n)} x ${cause}`).join(', ');
          throw new Error(`opened ${fmt(unread.length)} of ${fmt(SLOW_STREAMS)} unread streams (${why})`);
        }
        // The reader on an address of its own, after the unread ones.
        const opened = await openClient(port, addressOf(network, SLOW_STREAMS, SLOW_PER_ADDRESS), request, 1);
        if (typeof opened === 'string') throw new Error(`the reading stream: ${opened}`);
        const healthy = opened;
        reader = healthy;
        const counted = await waitForStreams(server.url, SLOW_STREAMS + 1);
        if (counted !== SLOW_STREAMS + 1)
          throw new Error(`the server counts ${fmt(counted)} streams, ${fmt(SLOW_STREAMS + 1)} were opened`);
        const beforeKb = await settledRssKb(pid);

        let peakKb = beforeKb;
        let late = 0;
        const started = performance.now();
        for (const [i, voter] of voters.entries()) {
          const before = healthy.frames;
          const delivered = new Promise<void>((done) => {
            healthy.onFrame = () => {
              if (healthy.frames > before) done();
            };
          });
          const propositions = [0, 1, 2].map((place) => ({
            itemName: names[(i * 3 + place) % names.length] as string,
            points: 3 - place,
            userId: voter.id,
          }));
          const vote = await callJson(server.url, 'POST', '/api/search/propositions', {
            token: voter.token,
            body: { topicId, propositions, userTags: [] },
          });
          if (vote.status >= 300) throw new Error(`vote ${i + 1}: HTTP ${vote.status}`);
          peakKb = Math.max(peakKb, rssKb(pid));
          const waited = await Promise.race([
            delivered.then(() => true),
            sleep(EVENT_WAIT_MS).then(() => false),
          ]);
          if (!waited) late++;
        }
        healthy.onFrame = undefined;
        const votingSeconds = (performance.now() - started) / 1000;
        await sleep(AFTER_VOTES_MS);
        const afterKb = rssKb(pid);
        peakKb = Math.max(peakKb, afterKb);
        const open: number = (await callJson(server.url, 'GET', '/api/health')).body.data.liveStreams;
        const readerOpen = !healthy.socket.destroyed;
        const closed = SLOW_STREAMS - (open - (readerOpen ? 1 : 0));
        const events = healthy.frames;
        const eventKb = healthy.bytes / Math.max(1, events) / 1024;

        const sendBuffer = kernelSendBufferMax();
        const toLimit = (sendBuffer + DEFAULT_MAX_UNSENT_BYTES) / 1024 / eventKb;
        const why =
          closed === 0
            ? ` (none: ${fmt(events)} events of ~${fmt(eventKb, 1)} KB are ~${fmt((events * eventKb) / 1024, 1)} MB per stream, and the kernel takes up to ~${fmt(sendBuffer / 1024 / 1024, 0)} MB per loopback socket (tcp_wmem) before Node queues anything, so a stream needs ~${fmt(toLimit)} events to pass the ${fmt(DEFAULT_MAX_UNSENT_BYTES / 1024)} KB limit: the RSS is what shows memory stays bounded)`
            : '';
        return `slow readers (the issue's scenario: ${fmt(SLOW_STREAMS)} unread streams, ${fmt(SLOW_VOTES)} votes, ${fmt(SLOW_PROPOSITIONS)} propositions): RSS ${mb(beforeKb)} -> ${mb(afterKb)} MB (peak ${mb(peakKb)} MB read after each vote); unread streams closed by the server: ${fmt(closed)}/${fmt(SLOW_STREAMS)}${why}; healthy reader got ${fmt(events)} events${readerOpen ? '' : ' (and was closed)'} (the first one on opening; ${fmt(votingSeconds, 1)} s of votes${late > 0 ? `, ${fmt(late)} events not there within ${fmt(EVENT_WAIT_MS)} ms of their vote` : ''}); main before this change measured 294 -> 1,235 MB`;
      },
      {},
    );
  } finally {
    for (const socket of unread) socket.destroy();
    if (reader) closeAll([reader]);
    rmSync(dataDir, { recursive: true, force: true });
  }
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
