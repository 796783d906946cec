import type { AppContext } from './context.js';
import { shareCardsOf } from './modules/cards/service.js';
import { PodiumMarks } from './modules/notifications/podium-marks.js';
import { followRankingChanges } from './modules/rankings/follow.js';
import { standingCacheFor } from './modules/rankings/standing-cache.js';
import { followRisingChanges } from './modules/rising/follow.js';
import { searchIndexFollower } from './modules/search/indexer.js';
import { settingsCacheFor } from './modules/settings/service.js';
import { followTopicChanges } from './modules/topics/caches.js';
import { hubTotalsFollower } from './modules/topics/hub-totals.js';
import { ballotCountingFollower } from './modules/votes/counting.js';
import { followUiTextChanges } from './web/boot-catalog.js';

/**
 * Every piece of derived state and the changes it follows (docs/decisions/006). The next one (an
 * image cache, a feed, notifications) is one more line here, never an edit of the write paths.
 */
export function followChanges(ctx: AppContext): void {
  // In the database, inside the write's own transaction: the search index, the hubs' totals, and the
  // jobs the write's events cause (the outbox).
  // Ballots' counting states first: re-assessing them marks the topics whose ballots moved.
  ctx.changes.subscribeInTransaction(ballotCountingFollower(ctx));
  ctx.changes.subscribeInTransaction(searchIndexFollower);
  ctx.changes.subscribeInTransaction(hubTotalsFollower);
  ctx.changes.subscribeInTransaction(ctx.outbox);
  // The topics whose podium may have moved, for the notifications' podium sweep (docs/decisions/032).
  const podiumMarks = new PodiumMarks(ctx.clock, ctx.jobs);
  ctx.changes.subscribeInTransaction(podiumMarks);
  // In memory, once committed here or on another app server.
  ctx.changes.subscribe(ctx.outbox.committed);
  ctx.changes.subscribe(podiumMarks.committed);
  ctx.changes.subscribe(followTopicChanges(ctx.db));
  // The topics' ballots first: the rankings read them once their cache entries are dropped.
  ctx.changes.subscribe(standingCacheFor(ctx.db).follow);
  ctx.changes.subscribe(followRankingChanges(ctx.db, ctx.rankings));
  ctx.changes.subscribe(followRisingChanges(ctx.db));
  ctx.changes.subscribe(ctx.searchVocabulary.follow);
  ctx.changes.subscribe(ctx.searchSnapshots.follow);
  ctx.changes.subscribe(followUiTextChanges(ctx.db));
  ctx.changes.subscribe(settingsCacheFor(ctx.db).follow);
  // Share cards are marked stale here and drawn anew when next asked (docs/decisions/028).
  ctx.changes.subscribe(shareCardsOf(ctx).follow);
  // Notifications written or read anywhere reach the streams open here (docs/decisions/032).
  ctx.changes.subscribe(ctx.notificationStreams.follow);
}
