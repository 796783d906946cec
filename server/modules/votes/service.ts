import type { BallotCountingDto } from '../../../common/api/ballot-counting.js';
import type { BallotNoticeDto } from '../../../common/api/proposals.js';
import type { ProposalPolicy } from '../../../common/api/settings.js';
import type { SubmitVotesBody, SubmitVotesDto, UserVoteDto } from '../../../common/api/votes.js';
import type { VotePoints } from '../../../common/constants.js';
import { propositionKey } from '../../../common/text/proposition-key.js';
import { findTwin } from '../../../common/text/twin-names.js';
import type { ChangeSet } from '../../changes/change-set.js';
import type { AppContext } from '../../context.js';
import { isForeignKeyViolation, violatedUniqueConstraint } from '../../db/constraint-errors.js';
import type { Executor } from '../../db/executor.js';
import { errors } from '../../http/errors.js';
import {
  ballotDelta,
  isEmpty,
  NO_PLACES,
  PLACES,
  type Places,
  placesFromPoints,
  samePlaces,
} from '../rankings/tallies.js';
import { settingsCacheFor } from '../settings/service.js';
import { type FoundProposition, PropositionsRepository } from '../topics/propositions-repository.js';
import { UsersRepository } from '../users/repository.js';
import { type Hold, holdOf, stateOf, type VoterFacts } from './counting-rules.js';
import { CreationLimits } from './creation-limits.js';
import { networkOf } from './network.js';
import { BallotNoticesRepository } from './notices-repository.js';
import { type LockedTopic, VotesRepository } from './repository.js';

export interface SubmitResult extends SubmitVotesDto {
  /** True when the caller had no vote on the topic before: the route answers 201. */
  firstVote: boolean;
}

/**
 * The top-3 rules. Every change appends a version to the caller's ballot on one topic (which becomes
 * its current places in the votes table) and moves the running totals by the difference, in one
 * transaction, so totals always equal a recount of the counted current ballots
 * (docs/decisions/009-ballots-with-a-history.md).
 */
/** The voter as a ballot's write needs them: who, and what the counting rules look at. */
export type Voter = { id: number } & Omit<VoterFacts, 'isActive'>;

export class VotesService {
  private readonly limits: CreationLimits;

  constructor(private readonly ctx: AppContext) {
    this.limits = new CreationLimits(ctx.counters, ctx.config.creationLimits);
  }

  userVotes(topicId: number, userId: number): Promise<UserVoteDto[]> {
    return this.userVotesIn(this.ctx.db, topicId, userId);
  }

  /** Whether the voter's ballot on the topic counts, and what a held one waits for; null without a ballot. */
  async countingOf(userId: number, topicId: number): Promise<BallotCountingDto | null> {
    const [state, user, { settings }] = await Promise.all([
      this.votes(this.ctx.db).ballotStateOf(topicId, userId),
      new UsersRepository(this.ctx.db).findById(userId),
      settingsCacheFor(this.ctx.db).read(this.ctx.db),
    ]);
    if (state === undefined || !user) return null;
    const hold =
      state === 'held'
        ? holdOf(
            {
              createdAt: user.created_at,
              emailVerified: user.email_verified_at !== null,
              isActive: user.is_active === 1,
            },
            settings,
            this.ctx.clock.now(),
          )
        : null;
    // A held ballot whose rule was met since waits for the next count (counting.ts); it says so plainly.
    return { state, heldFor: hold?.reason ?? null, countsFrom: hold?.countsFrom ?? null };
  }

  /** What administrators changed in the voter's ballot on the topic since they last dismissed it. */
  async noticesOf(userId: number, topicId: number): Promise<BallotNoticeDto[]> {
    const rows = await new BallotNoticesRepository(this.ctx.db).of(userId, topicId);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      propositionName: row.proposition_name,
      reason: row.reason,
      note: row.note,
      intoName: row.into_name,
      at: row.created_at,
    }));
  }

  dismissNotices(userId: number, topicId: number): Promise<number> {
    return this.ctx.changes.transaction((trx) => new BallotNoticesRepository(trx).dismiss(userId, topicId));
  }

  /**
   * The voter's account facts decide whether the ballot counts (counting-rules.ts); `clientAddress` is the
   * caller's, for the creation limit per address.
   */
  async submit(voter: Voter, body: SubmitVotesBody, clientAddress: string): Promise<SubmitResult> {
    const userId = voter.id;
    await this.limits.admitBallot(userId);
    return this.inVoteTransaction(userId, async (trx, change) => {
      const topicId = body.topicId;
      const topic = await this.requireVotableTopic(trx, topicId);
      const now = this.ctx.clock.nowIso();

      const entries = body.propositions.map((entry) => ({ ...entry, key: propositionKey(entry.itemName) }));
      const propositions = new PropositionsRepository(trx);
      const found = await propositions.findByKeys(
        topicId,
        entries.map((entry) => entry.key),
      );
      // A name of no proposition may still be a twin of one ("Grill and Chill" for "Grill & Chill"): it
      // joins it. Read under the topic lock, so two ballots naming twins at once cannot both create one.
      const unknown = entries.filter((entry) => !found.has(entry.key));
      const twins = await propositions.findTwins(
        topicId,
        unknown.map((entry) => entry.itemName),
      );
      for (const entry of unknown) {
        const twin = twins.get(entry.itemName);
        if (twin) found.set(entry.key, twin);
      }
      const created = entries.filter((entry) => !found.has(entry.key));
      await this.limits.admitPropositions(trx, {
        userId,
        topicId,
        clientAddress,
        count: created.length,
        now,
      });
      // Held for review or listed at once: the topic's own policy, else the administrators' setting (read
      // only when the ballot creates a name).
      const listedAt =
        created.length > 0 && (await this.proposalPolicyOf(trx, topic)) === 'review' ? null : now;
      const next = new Map<number, number>();
      const chosen = new Map<number, FoundProposition>();
      for (const entry of entries) {
        let proposition = found.get(entry.key);
        if (proposition && next.has(proposition.id)) {
          throw errors.validation('The same proposition cannot take two places', 'propositions');
        }
        if (!proposition) {
          // Two new names of one ballot that are twins of each other are one proposition twice.
          if (findTwin(entry.itemName, created.slice(0, created.indexOf(entry)), (other) => other.itemName)) {
            throw errors.validation('The same proposition cannot take two places', 'propositions');
          }
          // Marked as the voter's: it goes when its last vote does (an administrator's stays).
          const id = await propositions.insert({
            topicId,
            name: entry.itemName,
            nameKey: entry.key,
            createdAt: now,
            createdBy: userId,
            listedAt,
          });
          proposition = { id, name: entry.itemName, held: listedAt === null };
          change.propositionCreated({ id, topicId, name: entry.itemName, createdBy: userId }, now, listedAt);
        }
        next.set(proposition.id, entry.points);
        chosen.set(proposition.id, proposition);
      }

      const { settings } = await settingsCacheFor(this.ctx.db).read(trx);
      const { previousCount, inserted } = await this.replaceVotes(trx, change, {
        topic,
        userId,
        next: placesFromPoints(next),
        now,
        hold: holdOf({ ...voter, isActive: true }, settings, this.ctx.clock.now()),
        network: networkOf(clientAddress),
      });
      // The new rows are known already; only an unchanged re-vote reads them back.
      const votes: UserVoteDto[] = inserted
        ? inserted.map((vote) => {
            const proposition = chosen.get(vote.proposition_id) as FoundProposition;
            return {
              id: vote.id,
              itemName: proposition.name,
              points: next.get(vote.proposition_id) as VotePoints,
              userId,
              propositionId: vote.proposition_id,
              awaitingReview: proposition.held,
            };
          })
        : await this.userVotesIn(trx, topicId, userId);
      if (inserted) change.ballotsMoved(topic, ...(created.length > 0 ? (['propositions'] as const) : []));
      return { firstVote: previousCount === 0, votes: votes.sort((a, b) => b.points - a.points) };
    });
  }

  /** Withdraws all the caller's votes on the topic; returns how many there were. */
  async withdraw(userId: number, topicId: number): Promise<number> {
    return this.inVoteTransaction(userId, async (trx, change) => {
      const topic = await this.votes(trx).lockTopic(topicId);
      if (!topic) throw errors.notFound('Topic');
      return this.withdrawIn(trx, change, topic, userId, this.ctx.clock.nowIso());
    });
  }

  /**
   * Withdraws every ballot of an account being deleted, in the caller's transaction, each as its owner's
   * own withdrawal would (topics locked one at a time, in id order). Answers how many ballots held places.
   */
  async withdrawAllOf(trx: Executor, change: ChangeSet, userId: number): Promise<number> {
    const votes = this.votes(trx);
    let withdrawn = 0;
    for (const topicId of await votes.topicsVotedOnBy(userId)) {
      const topic = await votes.lockTopic(topicId);
      if (topic && (await this.withdrawIn(trx, change, topic, userId, change.at)) > 0) withdrawn++;
    }
    return withdrawn;
  }

  /** Empties the voter's ballot on a locked topic; answers how many places it held. */
  private async withdrawIn(
    trx: Executor,
    change: ChangeSet,
    topic: LockedTopic,
    userId: number,
    now: string,
  ): Promise<number> {
    const { previousCount } = await this.replaceVotes(trx, change, {
      topic,
      userId,
      next: NO_PLACES,
      now,
      hold: 'unchanged',
      network: null,
    });
    if (previousCount > 0) change.ballotsMoved(topic);
    return previousCount;
  }

  private async proposalPolicyOf(trx: Executor, topic: LockedTopic): Promise<ProposalPolicy> {
    if (topic.proposalPolicy) return topic.proposalPolicy;
    return (await settingsCacheFor(this.ctx.db).read(trx)).settings.proposalPolicy;
  }

  /** A main topic is a hub: its sub-topics take the ballots (DESIGN.md). */
  private async requireVotableTopic(trx: Executor, topicId: number): Promise<LockedTopic> {
    const topic = await this.votes(trx).lockTopic(topicId);
    if (!topic) throw errors.notFound('Topic');
    if (topic.isMain) throw errors.mainTopicNotVotable();
    if (!topic.isActive) throw errors.topicInactive();
    return topic;
  }

  /**
   * Makes `next` the caller's ballot on the topic: appends it as a version (unless it changes nothing),
   * moving every running total by the difference. `hold` is what the counting rules say of the voter now
   * (a withdrawal leaves the ballot's state as it is). Returns how many places the caller's ballot held
   * before, and the new vote rows (undefined when nothing changed).
   */
  private async replaceVotes(
    trx: Executor,
    change: ChangeSet,
    {
      topic,
      userId,
      next,
      now,
      hold,
      network,
    }: {
      topic: LockedTopic;
      userId: number;
      next: Places;
      now: string;
      hold: Hold | null | 'unchanged';
      /** Where the ballot comes from (network.ts); null for a withdrawal. */
      network: string | null;
    },
  ): Promise<{ previousCount: number; inserted?: { id: number; proposition_id: number }[] }> {
    const votes = this.votes(trx);
    const current = await votes.currentBallot(topic.id, userId);
    const before = current?.places ?? NO_PLACES;
    const previousCount = PLACES.filter((place) => before[place] !== null).length;
    if (samePlaces(before, next)) return { previousCount };

    const version = (current?.version ?? 0) + 1;
    const cause = isEmpty(next) ? 'withdrawal' : 'vote';
    const stateBefore = current?.state ?? 'counted';
    const state = hold === 'unchanged' ? stateBefore : stateOf(current?.state, hold);
    const written = await votes.writeBallot({
      topicId: topic.id,
      userId,
      ballotId: current?.id,
      version,
      cause,
      places: next,
      replaces: previousCount > 0,
      castAt: now,
      state,
      network,
      delta: ballotDelta(before, next, { before: stateBefore === 'counted', after: state === 'counted' }),
      // A hub counts the ballots on its active sub-topics (an inactive one's withdrawals are not its).
      hubId: topic.isActive ? topic.mainTopicId : null,
    });
    change.ballotChanged({
      ballotId: written.ballotId,
      topicId: topic.id,
      userId,
      version,
      castAt: now,
      cause,
      before,
      after: next,
      counted: state === 'counted',
    });
    // A voter's proposition that this change left without votes goes with them (an administrator's stays,
    // and is not even looked at: re-votes among listed propositions cost no extra statement).
    const nextIds = new Set(PLACES.map((place) => next[place]));
    const left = [...(current?.createdBy ?? [])]
      .filter(([id, createdBy]) => createdBy !== null && !nextIds.has(id))
      .map(([id]) => id);
    const abandoned = await new PropositionsRepository(trx).deleteAbandonedByVoters(left);
    for (const proposition of abandoned) change.propositionRemoved(proposition, 'abandoned');
    return { previousCount, inserted: written.votes };
  }

  private votes(db: Executor): VotesRepository {
    return new VotesRepository(db, this.ctx.database.kind);
  }

  private async userVotesIn(db: Executor, topicId: number, userId: number): Promise<UserVoteDto[]> {
    const rows = await this.votes(db).ofUserOnTopic(topicId, userId);
    return rows.map((row) => ({
      id: row.id,
      itemName: row.name,
      points: row.points as VotePoints,
      userId: row.user_id,
      propositionId: row.proposition_id,
      awaitingReview: row.listed_at === null,
    }));
  }

  /**
   * Runs a vote transaction, once more if PostgreSQL reports a lost race (a serialization failure,
   * a deadlock, or a proposition name created by an administrator in the meantime). A voter whose account
   * was deleted while their ballot was being written (its foreign key refuses the ballot) is no one now.
   */
  private async inVoteTransaction<T>(
    userId: number,
    work: (trx: Executor, change: ChangeSet) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.ctx.changes.transaction(work);
    } catch (error) {
      if (isForeignKeyViolation(error) && !(await new UsersRepository(this.ctx.db).findById(userId))) {
        throw errors.unauthorized();
      }
      if (!isRetryable(error)) throw error;
      return this.ctx.changes.transaction(work);
    }
  }
}

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '40001' || code === '40P01' || violatedUniqueConstraint(error) !== undefined;
}
