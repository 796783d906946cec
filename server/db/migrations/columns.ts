import type { CreateTableBuilder } from 'kysely';
import type { DatabaseKind } from '../database.js';

/** Adds an auto-incrementing integer primary key named `id`, spelled as each database wants it. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, kind: DatabaseKind) {
  return kind === 'postgres'
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** 0/1 flag column with a check constraint (booleans are integers on both databases). */
export const flagCheck = (column: string) => `check (${column} in (0, 1))`;
