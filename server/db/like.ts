import { type Expression, type SqlBool, sql } from 'kysely';

/** `column LIKE '%text%'` with the user's %, _ and \ taken literally, the same on both databases. */
export function containsLiteral(column: string, text: string): Expression<SqlBool> {
  const escaped = text.replace(/[%_\\]/g, (c) => `\\${c}`);
  return sql<SqlBool>`${sql.ref(column)} like ${`%${escaped}%`} escape '\\'`;
}
