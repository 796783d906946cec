/** Timestamps are ISO 8601 strings in UTC (text columns on both databases): they sort as they read. */
export const nowIso = (): string => new Date().toISOString();
