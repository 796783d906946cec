import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { freePort } from './process.js';

/**
 * Tools for the fault tests (`server/robustness/`), safe on a shared machine and in CI: they never touch
 * the machine's own PostgreSQL or Redis service, only what they start or name themselves.
 */

/**
 * A TCP proxy in front of a server: `cut()` makes that server unreachable the way a failed link or
 * host does (open connections break, new ones are accepted and never answered), `restore()` mends it.
 */
export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private cutOff = false;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    let proxy: TcpProxy | undefined;
    const server = createServer((client) => proxy?.accept(client, target));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('the proxy has no port');
    proxy = new TcpProxy(server, address.port);
    return proxy;
  }

  private accept(client: Socket, target: { host: string; port: number }): void {
    this.sockets.add(client);
    client.on('close', () => this.sockets.delete(client));
    client.on('error', () => client.destroy());
    // A black hole: the connection is taken and never answered, so only the client's timeout ends it.
    if (this.cutOff) return;
    const upstream = connect(target.port, target.host);
    this.sockets.add(upstream);
    upstream.on('close', () => {
      this.sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  }

  cut(): void {
    this.cutOff = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.cutOff = false;
    // Connections taken while cut off were never forwarded: end them so that their clients retry.
    for (const socket of this.sockets) socket.destroy();
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A redis-server of the test's own, on a free port, that the test may stop and start again. */
export class OwnRedis {
  private child: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort(), mkdtempSync(join(tmpdir(), 'podium-redis-')));
    await redis.resume();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts (again) on the same port, and waits until it takes connections. */
  async resume(): Promise<void> {
    const binary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));
    if (!binary) throw new Error('redis-server is not installed (apt-get install redis-server)');
    this.child = spawn(
      binary,
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.dir,
      ],
      { stdio: 'ignore' },
    );
    // Should the test process end without closing this (a crash, a timeout), the server goes with it.
    const child = this.child;
    process.once('exit', () => child.kill('SIGKILL'));
    const deadline = Date.now() + 5_000;
    while (!(await acceptsConnections(this.port))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${this.port}`);
      await new Promise((wait) => setTimeout(wait, 50));
    }
  }

  /** Freezes the server (SIGSTOP): connections stay open and nothing answers, as with a hung host. */
  freeze(): void {
    this.child?.kill('SIGSTOP');
  }

  thaw(): void {
    this.child?.kill('SIGCONT');
  }

  /** Kills the server at once, as a crash or a lost host would. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
  }

  async close(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Where Debian's package puts PgBouncer (`.ci/run` installs it when missing). */
export const PGBOUNCER = '/usr/sbin/pgbouncer';

/**
 * A PgBouncer of the test's own on a free port, in transaction pooling in front of one PostgreSQL database:
 * a server connection is lent for one transaction, and `poolSize` of them serve every client.
 */
export class OwnPgBouncer {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
    private readonly dir: string,
  ) {}

  /** `target` is the database's URL straight to PostgreSQL; its user is let in without a password. */
  static async start(target: string, poolSize: number): Promise<OwnPgBouncer> {
    if (!existsSync(PGBOUNCER)) throw new Error(`${PGBOUNCER} is not installed (apt-get install pgbouncer)`);
    const url = new URL(target);
    const database = url.pathname.slice(1);
    const user = decodeURIComponent(url.username || 'postgres');
    const password = decodeURIComponent(url.password);
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'podium-pgbouncer-'));
    const server = [
      `host=${url.hostname}`,
      `port=${url.port || 5432}`,
      `dbname=${database}`,
      `user=${user}`,
      ...(password ? [`password=${password}`] : []),
    ].join(' ');
    writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`);
    writeFileSync(
      join(dir, 'pgbouncer.ini'),
      [
        '[databases]',
        `${database} = ${server}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${join(dir, 'users.txt')}`,
        'pool_mode = transaction',
        `default_pool_size = ${poolSize}`,
        'max_client_conn = 200',
        `logfile = ${join(dir, 'pgbouncer.log')}`,
        `pidfile = ${join(dir, 'pgbouncer.pid')}`,
      ].join('\n'),
    );
    // PgBouncer refuses to run as root (CI's containers are): it then runs as nobody, owning its directory.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      chownSync(dir, 65534, 65534);
      for (const file of ['users.txt', 'pgbouncer.ini']) chownSync(join(dir, file), 65534, 65534);
    }
    const child = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'nobody'] : []), join(dir, 'pgbouncer.ini')], {
      stdio: 'ignore',
    });
    // Should the test process end without closing this (a crash, a timeout), PgBouncer goes with it.
    process.once('exit', () => child.kill('SIGKILL'));
    const bouncer = new OwnPgBouncer(child, port, dir);
    const deadline = Date.now() + 5_000;
    while (!(await acceptsConnections(port))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`PgBouncer did not start on port ${port}:\n${bouncer.log()}`);
      }
      await new Promise((wait) => setTimeout(wait, 50));
    }
    return bouncer;
  }

  /** `target` with PgBouncer's address in place of PostgreSQL's. */
  urlFor(target: string): string {
    const url = new URL(target);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  log(): string {
    try {
      return readFileSync(join(this.dir, 'pgbouncer.log'), 'utf8');
    } catch {
      return '';
    }
  }

  async close(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((done) => this.child.once('exit', done));
      this.child.kill('SIGKILL');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A migrated PostgreSQL database of the test's own on the server TEST_DATABASE_URL names, for app servers
 * started as processes. Its URL names an `application_name` of its own, so that a test can end exactly
 * its servers' connections.
 */
export async function createScratchDatabase(prefix: string, baseUrl = process.env.TEST_DATABASE_URL) {
  if (!baseUrl) throw new Error('TEST_DATABASE_URL must name a PostgreSQL server');
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = async (query: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      return await client.query(query, values);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  url.searchParams.set('application_name', name);
  const setup = openDatabase({ url: url.toString() });
  await migrateToLatest(setup);
  await setup.close();
  return {
    name,
    url: url.toString(),
    applicationName: name,
    host: url.hostname,
    port: Number(url.port || 5432),
    /** Ends every backend of this database's app servers (never anyone else's), as a restart would. */
    async terminateBackends(state?: 'idle'): Promise<number> {
      const result = await admin(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = $1 and ($2::text is null or state = $2)`,
        [name, state ?? null],
      );
      return result.rowCount ?? 0;
    },
    async drop(): Promise<void> {
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
