import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * `column LIKE '%text%'` with the user's %, _ and \ taken literally, the same on both databases.
 * `ignoreCase` compares lower-cased text (PostgreSQL's LIKE is case-sensitive, SQLite's is not).
 */
export function containsLiteral(
  column: string,
  text: string,
  { ignoreCase = false }: { ignoreCase?: boolean } = {},
): Expression<SqlBool> {
  const needle = ignoreCase ? text.toLowerCase() : text;
  const escaped = needle.replace(/[%_\\]/g, (c) => `\\${c}`);
  const target = ignoreCase ? sql`lower(${sql.ref(column)})` : sql.ref(column);
  return sql<SqlBool>`${target} like ${`%${escaped}%`} escape '\\'`;
}
