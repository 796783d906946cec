/**
 * Names the unique constraint a failed write ran into, on either database, or undefined when the
 * error is something else. SQLite reports the columns ("users.email"), PostgreSQL the constraint name.
 */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e.code === '23505') return e.constraint ?? 'unique';
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return e.message?.replace(/^UNIQUE constraint failed: /, '') ?? 'unique';
  }
  return undefined;
}

/** True when a write failed because a foreign key still points at the row (restricted delete). */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: string }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
