import { Agent, request as httpRequest } from 'node:http';

/**
 * A mixed load through a proxy, as the rolling-restart test and the proxy bench run it: visitors browsing
 * (topic, ranking, search), voters casting ballots in a loop, and live streams read as a browser's
 * EventSource reads them (reconnecting after the `retry:` hint when a stream ends). Every client has a
 * loopback address of its own (Linux routes all of 127/8 to loopback), so that the app's per-address
 * limits see many clients, as they do behind nginx in production.
 */

export interface Answer {
  status: number;
  body: any;
}

/** One client: its own address and kept-alive connections, as a browser holds them. */
export class LoadClient {
  private readonly agent: Agent;

  constructor(
    private readonly baseUrl: string,
    readonly address: string,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: 2, localAddress: address });
  }

  /** Sends a request; rejects on a connection error (which the load counts as a failure). */
  send(method: string, path: string, options: { body?: unknown; token?: string } = {}): Promise<Answer> {
    const url = new URL(path, this.baseUrl);
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { 'accept-encoding': 'gzip' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method,
          headers,
          agent: this.agent,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const status = incoming.statusCode ?? 0;
            // Compressed answers are not parsed: browsing reads only their status.
            const text = incoming.headers['content-encoding'] ? '' : Buffer.concat(chunks).toString();
            let body: unknown;
            try {
              body = text ? JSON.parse(text) : undefined;
            } catch {
              body = text;
            }
            resolve({ status, body });
          });
        },
      );
      outgoing.setTimeout(15_000, () => outgoing.destroy(new Error('no answer within 15 s')));
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export interface Voter {
  id: number;
  token: string;
  client: LoadClient;
}

export interface LoadOptions {
  baseUrl: string;
  topicId: number;
  /** The topic's propositions: ballots alternate between two orders of the first three. */
  propositionNames: [string, string, string];
  voters: Voter[];
  browsers: number;
  streams: number;
  /** The second byte of the browsers' and streams' loopback addresses (127.<network>.x.y). */
  network: number;
}

export interface LoadReport {
  requests: number;
  /** Every answer that was not the expected 2xx, and every connection error, with what it was. */
  failures: string[];
  /** Per voter: how many ballots were acknowledged, and the last acknowledged one (place order). */
  ballots: Map<number, { acknowledged: number; last: string[] }>;
  /** Stream reconnections: each one's time from the end of a stream to the first ranking of the next. */
  reconnectionsMs: number[];
  /** Streams that were not open (between a stream's end and its next ranking) when the load stopped. */
  streamsDown: number;
}

const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

/** Starts the load; `stop()` ends it and answers what it saw. */
export function startMixedLoad(options: LoadOptions): { stop(): Promise<LoadReport> } {
  let running = true;
  const report: LoadReport = {
    requests: 0,
    failures: [],
    ballots: new Map(),
    reconnectionsMs: [],
    streamsDown: 0,
  };
  const address = (kind: number, index: number) => `127.${options.network}.${kind}.${index + 1}`;
  const call = async (
    client: LoadClient,
    method: string,
    path: string,
    extra: { body?: unknown; token?: string },
  ) => {
    report.requests++;
    try {
      const answer = await client.send(method, path, extra);
      if (answer.status < 200 || answer.status >= 300)
        report.failures.push(
          `${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
        );
      return answer;
    } catch (error) {
      report.failures.push(`${method} ${path}: ${(error as Error).message}`);
      return undefined;
    }
  };

  const browsers = Array.from({ length: options.browsers }, async (_, i) => {
    const client = new LoadClient(options.baseUrl, address(1, i));
    const paths = [
      `/api/topics/${options.topicId}?language=en`,
      `/api/search/rankings/topic/${options.topicId}?language=en`,
      `/api/search/smart?q=${encodeURIComponent(options.propositionNames[i % 3] as string)}&lang=en`,
    ];
    for (let n = 0; running; n++) {
      await call(client, 'GET', paths[n % paths.length] as string, {});
      await sleep(20);
    }
    client.close();
  });

  const voters = options.voters.map(async (voter) => {
    const [a, b, c] = options.propositionNames;
    const orders = [
      [a, b, c],
      [c, b, a],
    ];
    const tally = { acknowledged: 0, last: [] as string[] };
    report.ballots.set(voter.id, tally);
    for (let n = 0; running; n++) {
      const order = orders[n % 2] as string[];
      const answer = await call(voter.client, 'POST', '/api/search/propositions', {
        token: voter.token,
        body: {
          topicId: options.topicId,
          propositions: order.map((itemName, place) => ({ itemName, points: 3 - place, userId: voter.id })),
          userTags: [],
        },
      });
      if (answer && answer.status < 300) {
        tally.acknowledged++;
        tally.last = order;
      }
      await sleep(20);
    }
  });

  const streams = Array.from({ length: options.streams }, (_, i) =>
    readStream(
      `${options.baseUrl}/api/topics/${options.topicId}/events`,
      address(2, i),
      report,
      () => running,
    ),
  );

  return {
    async stop() {
      running = false;
      await Promise.all([...browsers, ...voters]);
      const down = await Promise.all(streams.map((stream) => stream.close()));
      report.streamsDown = down.filter((isDown) => isDown).length;
      return report;
    },
  };
}

/**
 * One live stream, read as EventSource does: when it ends (or fails), it waits the last `retry:` hint and
 * connects again. A reconnection counts from the end of a stream to the first ranking event of the next.
 */
function readStream(url: string, localAddress: string, report: LoadReport, running: () => boolean) {
  let retryMs = 3_000;
  let endedAt: number | undefined;
  let open = false;
  let current: { destroy(): void } | undefined;
  const target = new URL(url);

  const connect = () =>
    new Promise<void>((done) => {
      const outgoing = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          localAddress,
          agent: false,
          headers: { accept: 'text/event-stream' },
        },
        (incoming) => {
          if (incoming.statusCode !== 200) {
            report.failures.push(`GET ${target.pathname} (stream): ${incoming.statusCode}`);
            incoming.resume();
            incoming.on('end', done);
            return;
          }
          let buffer = '';
          incoming.setEncoding('utf8');
          incoming.on('data', (chunk: string) => {
            buffer += chunk;
            const retry = /^retry: (\d+)$/m.exec(buffer);
            if (retry) retryMs = Number(retry[1]);
            if (!open && buffer.includes('event: ranking\n')) {
              open = true;
              if (endedAt !== undefined) report.reconnectionsMs.push(Date.now() - endedAt);
            }
            // Only what is needed to see the next frame is kept.
            buffer = buffer.slice(-200);
          });
          incoming.on('close', done);
          incoming.on('error', done);
        },
      );
      current = outgoing;
      outgoing.on('error', (error) => {
        if (running()) report.failures.push(`GET ${target.pathname} (stream): ${error.message}`);
        done();
      });
      outgoing.end();
    });

  const loop = (async () => {
    while (running()) {
      await connect();
      if (!running()) break;
      if (open || endedAt === undefined) endedAt = Date.now();
      open = false;
      await sleep(retryMs);
    }
  })();

  return {
    /** Ends the stream; answers whether it was down at that moment. */
    async close() {
      const down = !open;
      current?.destroy();
      await loop;
      return down;
    },
  };
}
