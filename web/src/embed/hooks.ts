/**
 * The attributes the embed's page (web/src/pages/embed/EmbedRanking.tsx, rendered on the server) and its
 * script (live.ts) meet on. Nothing else here: the script imports this file alone, to stay a few KB.
 */
export const EMBED_HOOKS = {
  /** On the page's <main>: the ranking's live stream. */
  stream: 'data-stream',
  /** On <main>: what the status line says while live, and while it reconnects (translated). */
  liveText: 'data-live-text',
  reconnectingText: 'data-reconnecting-text',
  /** The rows, swapped for a newer render's on each event. */
  ranking: 'data-embed-ranking',
  /** The status line (role=status, aria-live polite). */
  status: 'data-embed-status',
} as const;
