/** How long a client is asked to wait when the database is unreachable: a restart or failover takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Whether an error means the database cannot be reached right now, rather than that a statement was
 * wrong: the request deserves a 503 (retry shortly), not a 500 (a bug).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    // SQLSTATE class 08 (connection exception) and the server's own refusals to serve.
    if (/^08[0-9A-Z]{3}$/.test(code) || SERVER_REFUSALS.has(code)) return true;
    // SQLite: another connection held the file past busy_timeout.
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return true;
  }
  return CONNECTION_MESSAGES.some((pattern) => pattern.test(error.message));
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections. */
const SERVER_REFUSALS = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres reports these without a code. */
const CONNECTION_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  /is not queryable/i,
  /Client has encountered a connection error/i,
];
