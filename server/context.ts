import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Changes } from './changes/dispatcher.js';
import type { Clock } from './clock/clock.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import type { Database } from './db/schema.js';
import type { Counters } from './http/rate-limit/counters.js';
import type { Lifecycle } from './lifecycle.js';
import type { AccessTokens } from './modules/auth/access-tokens.js';
import type { Guards } from './modules/auth/guards.js';
import type { Sessions } from './modules/auth/sessions.js';
import type { Outbox } from './modules/jobs/outbox.js';
import type { Jobs } from './modules/jobs/runner.js';
import type { NotificationStreams } from './modules/notifications/live.js';
import type { NotificationsService } from './modules/notifications/service.js';
import type { LiveRankings } from './modules/rankings/live.js';
import type { SearchService } from './modules/search/service.js';
import type { SearchSnapshots } from './modules/search/snapshot.js';
import type { SearchVocabulary } from './modules/search/vocabulary.js';
import type { TextsService } from './modules/texts/service.js';

/** What every feature module receives: configuration, the database, and the shared services. */
export interface AppContext {
  config: Config;
  /** Whether this server still takes new work (readiness): it stops taking it when told to stop. */
  lifecycle: Lifecycle;
  /** The one clock every time rule reads (server/clock/clock.ts). */
  clock: Clock;
  database: DatabaseHandle;
  db: Kysely<Database>;
  accessTokens: AccessTokens;
  /** Signed-in sessions and their refresh tokens. */
  sessions: Sessions;
  guards: Guards;
  /** Every write runs in `changes.transaction` and records what it changed; derived state follows. */
  changes: Changes;
  /** Work that runs once across the app servers; `jobs.enqueue(trx, ...)` inside a write is its outbox. */
  jobs: Jobs;
  /** The jobs a write's events cause, enqueued in its transaction (`outbox.on(type, event => job)`). */
  outbox: Outbox;
  /** Every text a person reads (translations, base texts, the language fallback). */
  texts: TextsService;
  /** This process's copy of the search index's words, for typo-tolerant search. */
  searchVocabulary: SearchVocabulary;
  /** This process's snapshot of the searchable catalogue (names, topic documents), per index version. */
  searchSnapshots: SearchSnapshots;
  /** Search (the API's search routes and the search page's server render). */
  search: SearchService;
  /** Live ranking updates to the open topic pages of this process, and their streams' caps. */
  rankings: LiveRankings;
  /** People's notifications: the inbox, the fan-out writer and its `afterWrite` listeners (issue 39). */
  notifications: NotificationsService;
  /** The notification streams open in this process, and their caps. */
  notificationStreams: NotificationStreams;
  /** The rate limits' shared store, when REDIS_URL is set (the health report tells whether it answers). */
  redis?: Redis;
  /** Counters for the limits the app applies itself, in Redis or in this process like the rate limits. */
  counters: Counters;
}
