import { CacheBudget, CacheRegion } from '../../cache/budget.js';
import { cacheBudgetFor, DEFAULT_CACHE_BUDGET_BYTES } from '../../cache/budget-for.js';
import { type ChangeSet, RANKING_ASPECTS } from '../../changes/change-set.js';
import type { ChangeEvent } from '../../changes/events.js';
import { perDatabase } from '../../db/per-database.js';
import type { TopicBallots } from './topic-ballots.js';

/** What a read under way is charged until it ends. */
const LOADING_BYTES = 200;

type Entry = { ballots: TopicBallots } | { loading: Promise<TopicBallots> };

/** The topic whose ballots or propositions an event moves (none for a topic opened or a burst flagged). */
function topicOf(event: ChangeEvent): number | undefined {
  if (event.type === 'ballotChanged') return event.topicId;
  return 'proposition' in event ? event.proposition.topicId : undefined;
}

/**
 * A change its events do not carry whole: a merge also moves the kept proposition's listing to the earlier
 * of the two, and an approval makes the ballots that named the proposal count for it. Both are rare.
 */
const needsRead = (event: ChangeEvent) =>
  (event.type === 'propositionRemoved' && event.reason === 'merged') || event.type === 'propositionApproved';

/**
 * Each topic's counted ballots as its standing reads them (topic-ballots.ts), read from the database once
 * and then kept in step with the events of every write committed here. A change it cannot follow event
 * by event (made on another app server, whose notice carries ids only, or a write without events) drops
 * the topic, which is read again on its next ranking. A read that was under way when its topic changed is
 * never kept: it may have missed the change. Its entries share the app's cache budget.
 */
export class StandingCache {
  private readonly entries: CacheRegion<number, Entry>;
  /** Loads in flight per topic, each marked stale if the topic changes before it ends. */
  private readonly loads = new Map<number, Set<{ stale: boolean }>>();

  constructor(budget = new CacheBudget({ maxBytes: DEFAULT_CACHE_BUDGET_BYTES })) {
    this.entries = new CacheRegion(budget, 'standings');
  }

  get(topicId: number, load: () => Promise<TopicBallots>): Promise<TopicBallots> {
    const hit = this.entries.get(topicId);
    if (hit) return 'ballots' in hit ? Promise.resolve(hit.ballots) : hit.loading;

    const token = { stale: false };
    const inFlight = this.loads.get(topicId) ?? new Set();
    this.loads.set(topicId, inFlight);
    inFlight.add(token);
    const loading = load();
    const entry: Entry = { loading };
    this.entries.set(topicId, entry, { bytes: LOADING_BYTES });
    const settle = (ballots: TopicBallots | undefined) => {
      inFlight.delete(token);
      if (inFlight.size === 0 && this.loads.get(topicId) === inFlight) this.loads.delete(topicId);
      if (this.entries.peek(topicId) !== entry) return;
      if (ballots && !token.stale) {
        this.entries.set(topicId, { ballots }, { bytes: ballots.bytes });
      } else this.entries.delete(topicId);
    };
    loading.then(settle, () => settle(undefined));
    return loading;
  }

  /** Drops a topic's ballots, so that its next read loads them again. */
  forget(topicId: number): void {
    this.entries.delete(topicId);
    for (const token of this.loads.get(topicId) ?? []) token.stale = true;
  }

  /** The changes subscriber: applies a local write's events, drops what it cannot follow. */
  readonly follow = (change: ChangeSet): void => {
    if (change.isEverything) {
      for (const topicId of [...this.entries.keys()]) this.forget(topicId);
      return;
    }
    for (const topicId of change.topicsWith(RANKING_ASPECTS)) {
      const entry = this.entries.peek(topicId);
      const events = change.events.filter((event) => topicOf(event) === topicId);
      if (!entry || !('ballots' in entry) || events.length === 0 || events.some(needsRead)) {
        this.forget(topicId);
        continue;
      }
      for (const event of events) entry.ballots.apply(event);
      this.entries.recharge(topicId, { bytes: entry.ballots.bytes });
    }
  };
}

export const standingCacheFor = perDatabase((db) => new StandingCache(cacheBudgetFor(db)));
