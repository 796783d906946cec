import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
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
const MAX_SHAPES_PER_STATEMENT = 16;
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

/** A value a statement takes when it runs: a scalar, or a list (whose length is part of the statement's shape). */
type ParameterValue = string | number | null | readonly (string | number | null)[];

/** Where a template's parameter goes: a named value, an item of a named list, or a constant of the SQL. */
type Slot = { name: string; item?: number } | { constant: unknown };

const SLOT = Symbol('statement parameter');

interface Marker {
  readonly [SLOT]: { name: string; item?: number };
}

/** How a value (or a list's item) is named in a refusal. */
const slotLabel = (name: string, item?: number) => (item === undefined ? name : `${name}[${item}]`);

function isMarker(value: unknown): value is Marker {
  return typeof value === 'object' && value !== null && SLOT in value;
}

/**
 * A statement written once with Kysely and compiled once per dialect and shape, then run with new values:
 * `statement((db, { id }: { id: number }) => db.selectFrom('topics').selectAll().where('id', '=', id))`.
 *
 * Building and compiling a query costs more than running a small one: 42 us for a voter's ballot read
 * (three subqueries) and 6 to 57 us for each write of a ballot, against 10 to 40 us of SQLite's work
 * (issue 32's profile). The builder runs once with stand-ins for the values; where the compiled SQL has a
 * stand-in, each run puts the value. So a builder passes the values it reads to the SQL as they are, never
 * branches on them or computes with them (a value read but not found in the SQL is refused when the
 * statement is first built); a value may be null, not undefined. A list's length is part of the shape:
 * `in` lists of one to three keys are three statements. Like `executePrepared`, it is named on PostgreSQL.
 */
export function statement<Params extends Record<string, ParameterValue>, Row>(
  build: (db: Kysely<Database>, params: Params) => Compilable<Row>,
): (db: Kysely<Database>, params: Params) => Promise<Row[]> {
  const compiled = new Map<string, { sql: string; slots: Slot[] }>();
  return async (db, params) => {
    // The dialect's adapter class tells its compiler (the app adds no plugin that rewrites SQL).
    const dialect = db.getExecutor().adapter.constructor.name;
    const key = `${dialect}${shapeOf(params)}`;
    let template = compiled.get(key);
    if (!template) {
      template = compileTemplate(db, build, params);
      // Shapes are few (lists are a ballot's one to three places); a caller passing lists of any length
      // gets its statements compiled on each run rather than kept without bound.
      if (compiled.size < MAX_SHAPES_PER_STATEMENT) compiled.set(key, template);
      register(template.sql);
    }
    const values = template.slots.map((slot) => {
      if ('constant' in slot) return slot.constant;
      const value = params[slot.name];
      return slot.item === undefined ? value : (value as readonly unknown[])[slot.item];
    });
    const query = CompiledQuery.raw(template.sql, values) as CompiledQuery<Row>;
    return (await db.executeQuery(query)).rows;
  };
}

/** The lengths of the lists among the values: what makes two runs of one builder different SQL. */
function shapeOf(params: Record<string, ParameterValue>): string {
  let shape = '';
  for (const name in params) {
    const value = params[name];
    if (Array.isArray(value)) shape += ` ${name}:${value.length}`;
  }
  return shape;
}

function compileTemplate<Params extends Record<string, ParameterValue>, Row>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>, params: Params) => Compilable<Row>,
  params: Params,
): { sql: string; slots: Slot[] } {
  // A value the builder reads must reach the SQL (each item, for a list); values it leaves are no matter.
  const expected: string[] = [];
  const standIns = {};
  for (const name of Object.keys(params)) {
    const value = params[name];
    const marker = (item?: number): Marker => ({ [SLOT]: { name, item } });
    const standIn = Array.isArray(value) ? value.map((_, item) => marker(item)) : marker();
    Object.defineProperty(standIns, name, {
      enumerable: true,
      get() {
        if (Array.isArray(value)) expected.push(...value.map((_, item) => slotLabel(name, item)));
        else expected.push(slotLabel(name));
        return standIn;
      },
    });
  }
  const { sql, parameters } = build(db, standIns as Params).compile();
  const slots: Slot[] = parameters.map((value) => (isMarker(value) ? value[SLOT] : { constant: value }));
  const placed = new Set(slots.flatMap((slot) => ('name' in slot ? [slotLabel(slot.name, slot.item)] : [])));
  const unplaced = expected.filter((name) => !placed.has(name));
  if (unplaced.length > 0) {
    throw new Error(`statement: ${unplaced.join(', ')} must reach the SQL as values, in:\n${sql}`);
  }
  return { sql, slots };
}

/**
 * SQLSTATEs by which PostgreSQL refuses a statement this connection prepared earlier: its result type
 * changed under it (0A000, "cached plan must not change result type", after a migration run by another
 * server) or it no longer exists (26000, after DISCARD ALL or a pooler that does not keep them).
 */
const STALE_STATEMENT = new Set(['0A000', '26000']);

/** The pool's client when statements are not named (DATABASE_PREPARED_STATEMENTS=false): every query unnamed. */
export class PooledClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // The pool listens for errors only while a connection is idle. One that breaks while lent out (between
    // two statements of a transaction) reports it to its next query, and the pool discards it on release;
    // the 'error' event it also emits must not go unheard, or it would end the process.
    this.on('error', () => undefined);
  }
}

/**
 * The pool's client: a query whose SQL text was registered by `executePrepared` goes out under its
 * statement name, which node-postgres parses once per connection and binds afterwards. Should the
 * server refuse a prepared statement as stale, the connection stops naming statements and the query
 * runs once more unnamed (inside a transaction, that retry reports the transaction's failure instead).
 */
export class PreparingClient extends PooledClient {
  private preparing = true;

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
