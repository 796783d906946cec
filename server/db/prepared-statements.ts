import type { Compilable, Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

/**
 * Named prepared statements for PostgreSQL's hot paths.
 *
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it on every call. For a lookup
 * by key, planning costs more than running: the statements of one ballot, replayed by pgbench at 10
 * clients, ran 1,467 transactions/s planned per call and 3,271/s prepared. A statement run through
 * `executePrepared` is prepared once per connection; after five runs PostgreSQL may keep one generic
 * plan for it, used whatever the parameters' values.
 *
 * So only statements whose best plan cannot depend on those values belong here (lookups and writes by
 * key). Their SQL texts are few and fixed by the code (about two dozen today: an IN list or a ballot of
 * one to three entries each give their own text); past MAX_NAMED_STATEMENTS, new texts run unnamed, so a
 * caller that builds unbounded variants cannot grow every connection's statements without limit.
 */
const MAX_NAMED_STATEMENTS = 200;
const statementNames = new Map<string, string>();

function register(text: string): void {
  if (statementNames.has(text) || statementNames.size >= MAX_NAMED_STATEMENTS) return;
  statementNames.set(text, `podium_${statementNames.size + 1}`);
}

/** Runs `query` as a named prepared statement on PostgreSQL (plainly on SQLite); returns its rows. */
export async function executePrepared<Row>(db: Kysely<Database>, query: Compilable<Row>): Promise<Row[]> {
  const compiled = query.compile();
  register(compiled.sql);
  return (await db.executeQuery(compiled)).rows;
}

/**
 * SQLSTATEs by which PostgreSQL refuses a statement this connection prepared earlier: its result type
 * changed under it (0A000, "cached plan must not change result type", after a migration run by another
 * server) or it no longer exists (26000, after DISCARD ALL or a pooler that does not keep them).
 */
const STALE_STATEMENT = new Set(['0A000', '26000']);

/**
 * The pool's client: a query whose SQL text was registered by `executePrepared` goes out under its
 * statement name, which node-postgres parses once per connection and binds afterwards. Should the
 * server refuse a prepared statement as stale, the connection stops naming statements and the query
 * runs once more unnamed (inside a transaction, that retry reports the transaction's failure instead).
 */
export class PreparingClient extends pg.Client {
  private preparing = true;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // The pool listens for errors only while a connection is idle. One that breaks while lent out (between
    // two statements of a transaction) reports it to its next query, and the pool discards it on release;
    // the 'error' event it also emits must not go unheard, or it would end the process.
    this.on('error', () => undefined);
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this only adds a name to one.
  override query(config: any, values?: any, callback?: any): any {
    const name =
      this.preparing && typeof config === 'string' && Array.isArray(values) && callback === undefined
        ? statementNames.get(config)
        : undefined;
    if (!name) return super.query(config, values, callback);
    return super.query({ name, text: config, values }).catch((error: { code?: string }) => {
      if (!STALE_STATEMENT.has(error.code ?? '')) throw error;
      this.preparing = false;
      return super.query(config, values);
    });
  }
}
