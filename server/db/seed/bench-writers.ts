import SQLite from 'better-sqlite3';
import pg from 'pg';
import { LANGUAGES, type Language } from '../../../common/constants.js';
import { usernameKey } from '../../modules/users/username-key.js';
import type { BenchContext, BenchPlan } from './bench-plan.js';

/**
 * Bulk writers for the bench data set. They bypass Kysely on purpose: building a query object per
 * batch for two and a half million rows would cost more than the database work itself. Each table is
 * described once (columns and how to read row i) and both writers consume that description.
 */

interface Column {
  name: string;
  /** Element type of the PostgreSQL array the column travels in. */
  pgType: 'int4' | 'text';
  get(row: number): string | number | null;
}

export interface BenchTable {
  name: string;
  rows: number;
  columns: Column[];
}

const int = (name: string, get: Column['get']): Column => ({ name, pgType: 'int4', get });
const text = (name: string, get: Column['get']): Column => ({ name, pgType: 'text', get });

/** The tables in insertion order (every reference points at an earlier table). */
export function benchTables(plan: BenchPlan, context: BenchContext, passwordHash: string): BenchTable[] {
  const { users, topics, topicTags, propositions, propositionNames, votes, ballots, versions, times } = plan;
  /** A proposition index as an id, or null for an empty place (-1). */
  const place = (index: number) => (index < 0 ? null : id.proposition + index);
  const id = context.firstId;
  const at = (list: readonly string[], i: number) => list[i] as string;
  const n = (list: ArrayLike<number>, i: number) => list[i] as number;
  const translatedCount = LANGUAGES.length - 1;
  /** The index in LANGUAGES of translation row i: the topic's languages in order, its own skipped. */
  const translatedLanguage = (i: number) => {
    const own = LANGUAGES.indexOf(at(topics.language, Math.floor(i / translatedCount)) as Language);
    const nth = i % translatedCount;
    return nth < own ? nth : nth + 1;
  };
  return [
    {
      name: 'users',
      rows: users.count,
      columns: [
        int('id', (i) => id.user + i),
        text('readable_id', (i) => at(users.readableId, i)),
        text('username', (i) => at(users.username, i)),
        text('username_key', (i) => usernameKey(at(users.username, i))),
        text('email', (i) => `${at(users.username, i)}@bench.example.com`),
        text('password_hash', () => passwordHash),
        text('first_name', (i) => at(users.firstName, i)),
        text('last_name', (i) => at(users.lastName, i)),
        text('language', (i) => at(users.language, i)),
        int('is_active', () => 1),
        int('is_admin', () => 0),
        text('created_at', (i) => at(users.createdAt, i)),
        text('updated_at', (i) => at(users.createdAt, i)),
      ],
    },
    {
      name: 'topics',
      rows: topics.count,
      columns: [
        int('id', (i) => id.topic + i),
        text('readable_id', (i) => at(topics.readableId, i)),
        text('slug', (i) => at(topics.slug, i)),
        text('title', (i) => at(topics.title, i)),
        text('title_key', (i) => at(topics.titleKey, i)),
        text('description', (i) => at(topics.description, i)),
        text('language', (i) => at(topics.language, i)),
        int('category_id', (i) => n(topics.categoryId, i)),
        int('is_main', (i) => n(topics.isMain, i)),
        int('main_topic_id', (i) => n(topics.mainTopicId, i) || null),
        text('mandatory_types', (i) => at(topics.mandatoryTypes, i)),
        int('is_active', () => 1),
        int('vote_count', (i) => n(topics.voteCount, i)),
        text('created_at', (i) => at(topics.createdAt, i)),
        text('updated_at', (i) => at(topics.createdAt, i)),
      ],
    },
    {
      name: 'topic_tags',
      rows: topicTags.count,
      columns: [int('topic_id', (i) => n(topicTags.topicId, i)), int('tag_id', (i) => n(topicTags.tagId, i))],
    },
    {
      // Every topic's title in the three languages other than its own (its base title), like the demo seed.
      name: 'translations',
      rows: topics.count * translatedCount,
      columns: [
        int('id', (i) => id.translation + i),
        text('entity_type', () => 'topic'),
        int('entity_id', (i) => id.topic + Math.floor(i / translatedCount)),
        text('key', () => 'title'),
        text('language', (i) => LANGUAGES[translatedLanguage(i)] as string),
        text('value', (i) => at(topics.titles[translatedLanguage(i)] ?? [], Math.floor(i / translatedCount))),
        text('created_at', (i) => at(topics.createdAt, Math.floor(i / translatedCount))),
        text('updated_at', (i) => at(topics.createdAt, Math.floor(i / translatedCount))),
      ],
    },
    {
      name: 'propositions',
      rows: propositions.count,
      columns: [
        int('id', (i) => id.proposition + i),
        int('topic_id', (i) => id.topic + n(propositions.topic, i)),
        text('name', (i) => at(propositionNames.name, n(propositions.name, i))),
        text('name_key', (i) => at(propositionNames.key, n(propositions.name, i))),
        int('total_points', (i) => n(propositions.totalPoints, i)),
        int('vote_count', (i) => n(propositions.voteCount, i)),
        int('first_count', (i) => n(propositions.firstCount, i)),
        int('second_count', (i) => n(propositions.secondCount, i)),
        int('third_count', (i) => n(propositions.thirdCount, i)),
        text('created_at', (i) => at(topics.createdAt, n(propositions.topic, i))),
        text('listed_at', (i) => at(topics.createdAt, n(propositions.topic, i))),
      ],
    },
    {
      name: 'votes',
      rows: votes.count,
      columns: [
        int('id', (i) => id.vote + i),
        int('user_id', (i) => id.user + n(votes.user, i)),
        int('topic_id', (i) => id.topic + n(votes.topic, i)),
        int('proposition_id', (i) => id.proposition + n(votes.proposition, i)),
        int('points', (i) => n(votes.points, i)),
        text('created_at', (i) => at(times, n(votes.createdAt, i))),
      ],
    },
    {
      // Each voter's ballot on a topic: its current places are the votes' (a withdrawn one holds none).
      name: 'ballots',
      rows: ballots.count,
      columns: [
        int('id', (i) => id.ballot + i),
        int('topic_id', (i) => id.topic + n(ballots.topic, i)),
        int('user_id', (i) => id.user + n(ballots.user, i)),
        text('state', () => 'counted'),
        text('first_cast_at', (i) => at(times, n(ballots.firstCastAt, i))),
        int('version', (i) => n(ballots.version, i)),
        text('updated_at', (i) => at(times, n(ballots.votedAt, i))),
        text('voted_at', (i) => at(times, n(ballots.votedAt, i))),
        int('first_id', (i) => place(n(ballots.first, i))),
        int('second_id', (i) => place(n(ballots.second, i))),
        int('third_id', (i) => place(n(ballots.third, i))),
      ],
    },
    {
      name: 'ballot_versions',
      rows: versions.count,
      columns: [
        int('ballot_id', (i) => id.ballot + n(versions.ballot, i)),
        int('version', (i) => n(versions.version, i)),
        text('cast_at', (i) => at(times, n(versions.castAt, i))),
        text('cause', (i) => (n(versions.withdrawal, i) ? 'withdrawal' : 'vote')),
        int('first_id', (i) => place(n(versions.first, i))),
        int('second_id', (i) => place(n(versions.second, i))),
        int('third_id', (i) => place(n(versions.third, i))),
      ],
    },
  ];
}

type Log = (message: string) => void;

/**
 * One transaction over its own better-sqlite3 connection, with multi-row prepared statements.
 * Durability is relaxed only for this load: a crash mid-way rolls the whole run back, and the
 * loader is simply run again.
 */
export function writeSqlite(file: string, tables: BenchTable[], log: Log): void {
  const sqlite = new SQLite(file);
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = OFF');
    sqlite.pragma('cache_size = -524288');
    sqlite.pragma('temp_store = MEMORY');
    sqlite.pragma('foreign_keys = ON');
    sqlite.transaction(() => {
      for (const table of tables) {
        const started = performance.now();
        insertSqlite(sqlite, table);
        log(`  ${table.name}: ${table.rows} rows in ${seconds(started)}`);
      }
    })();
    const started = performance.now();
    // Planner statistics for the new volume; a sampled ANALYZE keeps this to a few seconds.
    sqlite.pragma('analysis_limit = 1000');
    sqlite.exec('analyze');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    log(`  analyze and checkpoint in ${seconds(started)}`);
  } finally {
    sqlite.close();
  }
}

function insertSqlite(sqlite: SQLite.Database, table: BenchTable): void {
  const width = table.columns.length;
  const rowsPerStatement = Math.max(1, Math.floor(4000 / width));
  const statement = (rows: number) =>
    sqlite.prepare(
      `insert into ${table.name} (${table.columns.map((c) => c.name).join(', ')}) values ${Array.from(
        { length: rows },
        () => `(${table.columns.map(() => '?').join(', ')})`,
      ).join(', ')}`,
    );
  const full = statement(rowsPerStatement);
  const params: (string | number | null)[] = new Array(rowsPerStatement * width);
  let row = 0;
  for (; row + rowsPerStatement <= table.rows; row += rowsPerStatement) {
    fill(params, table, row, rowsPerStatement);
    full.run(params);
  }
  const rest = table.rows - row;
  if (rest > 0) {
    const tail: (string | number | null)[] = new Array(rest * width);
    fill(tail, table, row, rest);
    statement(rest).run(tail);
  }
}

function fill(params: (string | number | null)[], table: BenchTable, first: number, rows: number): void {
  let k = 0;
  for (let r = first; r < first + rows; r++) {
    for (const column of table.columns) params[k++] = column.get(r);
  }
}

/**
 * One transaction; each batch travels as one array per column and is expanded by unnest(), so a
 * statement carries tens of thousands of rows with a handful of parameters. Ids were written
 * explicitly, so the identity sequences are moved past them before commit.
 */
export async function writePostgres(
  url: string,
  schema: string | undefined,
  tables: BenchTable[],
  log: Log,
): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  await client.connect();
  try {
    await client.query('begin');
    for (const table of tables) {
      const started = performance.now();
      const batch = 20_000;
      const columns = table.columns.map((c) => c.name).join(', ');
      const arrays = table.columns.map((c, i) => `$${i + 1}::${c.pgType}[]`).join(', ');
      const query = `insert into ${table.name} (${columns}) select * from unnest(${arrays})`;
      for (let first = 0; first < table.rows; first += batch) {
        const last = Math.min(table.rows, first + batch);
        const values = table.columns.map((column) => {
          const list: (string | number | null)[] = new Array(last - first);
          for (let r = first; r < last; r++) list[r - first] = column.get(r);
          return list;
        });
        await client.query(query, values);
      }
      if (table.columns.some((c) => c.name === 'id')) {
        await client.query(
          `select setval(pg_get_serial_sequence('${table.name}', 'id'), (select max(id) from ${table.name}))`,
        );
      }
      log(`  ${table.name}: ${table.rows} rows in ${seconds(started)}`);
    }
    await client.query('commit');
    const started = performance.now();
    await client.query('analyze');
    log(`  analyze in ${seconds(started)}`);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

export function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}
