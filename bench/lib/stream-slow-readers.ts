import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callJson } from '../../server/test/process.js';
import { fmt } from './format.js';
import {
  addressOf,
  BATCH,
  type Client,
  closeAll,
  mb,
  OPEN_TIMEOUT_MS,
  openClient,
  rssKb,
  settledRssKb,
  sleep,
  takeNetwork,
  waitForStreams,
} from './stream-clients.js';
import { createTopic, register, withServer } from './stream-server.js';

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
export async function slowReaders(): Promise<string> {
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
        const network = takeNetwork();
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
