import type { QuarantineBody, RestoreBody } from '../../../common/api/ballot-counting.js';
import { COUNTING_SETTINGS } from '../../../common/api/settings.js';
import type { ChangeSet } from '../../changes/change-set.js';
import type { TransactionSubscriber } from '../../changes/dispatcher.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/guards.js';
import type { Jobs } from '../jobs/runner.js';
import { recountTopics } from '../rankings/recount.js';
import { settingsCacheFor } from '../settings/service.js';
import {
  BallotCountingRepository,
  type CountingRulesSql,
  type CountingScope,
  type StateChange,
} from './counting-repository.js';
import { cutoffOf } from './counting-rules.js';

/** Every ballot re-assessed after the counting settings changed. */
export const REASSESS_ALL_BALLOTS = 'ballots.reassess';
/** Held ballots whose accounts came of age, counted on the next occurrence. */
export const COUNT_DUE_BALLOTS = 'ballots.count-due';
export const COUNT_DUE_INTERVAL_MS = 5 * 60_000;

/**
 * Which ballots count, decided again when what decides it changes (issue 36): a voter's account
 * (deactivated, reactivated, its address confirmed or changed), the counting settings, the time (an
 * account coming of age), or an administrator's quarantine. Each change recounts the topics of the
 * ballots it moved, in the same transaction (rankings/recount.ts), and marks them moved: the totals stay
 * a function of the counted ballots, and every cache drops what it held of them.
 */
export class BallotCounting {
  constructor(private readonly ctx: AppContext) {}

  /** Re-assesses the ballots in scope in the caller's transaction; answers those whose state changed. */
  async reassessIn(trx: Executor, change: ChangeSet, scope: CountingScope): Promise<StateChange[]> {
    const ballots = await this.locked(trx, scope);
    const changed = await ballots.reassess(scope, await this.rules(trx));
    await this.recount(trx, change, changed);
    return changed;
  }

  /** Quarantines ballots (kept, not counted), audited per topic; answers how many changed. */
  quarantine(actor: AuthUser, body: QuarantineBody): Promise<number> {
    return this.ctx.changes.transaction(async (trx, change) => {
      const note = body.note || null;
      const ballots = await this.locked(trx, { ballotIds: body.ballotIds });
      const changed = await ballots.quarantine(body.ballotIds, body.reason, note);
      await this.recount(trx, change, changed);
      await auditPerTopic(trx, change, actor, 'quarantine', changed, { reason: body.reason, note });
      return changed.length;
    });
  }

  /** Lifts quarantines: each ballot counts again, or waits for its account's rules; audited per topic. */
  restore(actor: AuthUser, body: RestoreBody): Promise<number> {
    return this.ctx.changes.transaction(async (trx, change) => {
      const lifted = await (await this.locked(trx, { ballotIds: body.ballotIds })).lift(body.ballotIds);
      await this.reassessIn(trx, change, { ballotIds: lifted.map((ballot) => ballot.id) });
      // Recounted again with the lifted ones: a lifted ballot left `held` by its rules moves nothing.
      await this.recount(trx, change, lifted);
      await auditPerTopic(trx, change, actor, 'restore', lifted, { note: body.note || null });
      return lifted.length;
    });
  }

  /** Registers the jobs that count ballots when the settings or the time say so (one server runs each). */
  registerJobs(jobs: Jobs): void {
    const countIn = (scope: CountingScope) =>
      this.ctx.changes.transaction(async (trx, change) => {
        const changed = await this.reassessIn(trx, change, scope);
        if (changed.length === 0) return;
        await recordAudit(trx, change, 'system', {
          action: 'count',
          entityType: 'ballot',
          entityId: null,
          after: {
            counted: changed.filter((ballot) => ballot.state === 'counted').length,
            held: changed.filter((ballot) => ballot.state === 'held').length,
          },
        });
      });
    jobs.handle(REASSESS_ALL_BALLOTS, () => countIn('all'), { maxAttempts: 5, retryDelayMs: 30_000 });
    jobs.every(COUNT_DUE_BALLOTS, COUNT_DUE_INTERVAL_MS, () => countIn('held'), {
      maxAttempts: 3,
      retryDelayMs: 60_000,
    });
  }

  /** The repository, once the topics of the ballots in scope are locked (on PostgreSQL; SQLite writes one at a time). */
  private async locked(trx: Executor, scope: CountingScope): Promise<BallotCountingRepository> {
    const ballots = new BallotCountingRepository(trx);
    if (this.ctx.database.kind === 'postgres') await ballots.lockTopicsOf(scope);
    return ballots;
  }

  private async rules(trx: Executor): Promise<CountingRulesSql> {
    const { settings } = await settingsCacheFor(this.ctx.db).read(trx);
    return {
      cutoff: cutoffOf(settings, this.ctx.clock.now()),
      confirmedAccountsOnly: settings.confirmedAccountsOnly,
    };
  }

  private async recount(trx: Executor, change: ChangeSet, changed: readonly StateChange[]): Promise<void> {
    const topicIds = [...new Set(changed.map((ballot) => ballot.topic_id))];
    if (topicIds.length === 0) return;
    await recountTopics(trx, topicIds);
    for (const topicId of topicIds) change.ballotsRecounted({ topicId });
    for (const topic of await new BallotCountingRepository(trx).hubsOf(topicIds)) {
      change.ballotsMoved({ id: topic.id, mainTopicId: topic.main_topic_id });
    }
  }
}

/**
 * Ballots follow their voters' accounts inside the write's own transaction: any account write (a
 * deactivation, a reactivation, a confirmed or changed address) re-assesses that account's ballots, and a
 * change of a counting setting enqueues the job that re-assesses every ballot (it may touch a million).
 */
export function ballotCountingFollower(ctx: AppContext): TransactionSubscriber {
  const counting = new BallotCounting(ctx);
  const countingSettingChanged = (change: ChangeSet) =>
    COUNTING_SETTINGS.some((key) => change.settingKeys.has(key));
  return {
    wants: (change) => change.users.size > 0 || countingSettingChanged(change),
    async follow(trx, change) {
      if (change.users.size > 0) await counting.reassessIn(trx, change, { userIds: [...change.users] });
      if (countingSettingChanged(change)) {
        await ctx.jobs.enqueue(trx, {
          kind: REASSESS_ALL_BALLOTS,
          uniqueKey: `${REASSESS_ALL_BALLOTS}:${change.at}`,
        });
      }
    },
  };
}

/** One audit entry per topic: the ballots an administrator's action changed there, and why. */
async function auditPerTopic(
  trx: Executor,
  change: ChangeSet,
  actor: AuthUser,
  action: 'quarantine' | 'restore',
  changed: readonly StateChange[],
  details: Record<string, unknown>,
): Promise<void> {
  const byTopic = new Map<number, StateChange[]>();
  for (const ballot of changed)
    byTopic.set(ballot.topic_id, [...(byTopic.get(ballot.topic_id) ?? []), ballot]);
  for (const [topicId, ballots] of byTopic) {
    await recordAudit(trx, change, actor, {
      action,
      entityType: 'ballot',
      entityId: null,
      topicId,
      after: { ballotIds: ballots.map((ballot) => ballot.id), ...details },
    });
  }
}
