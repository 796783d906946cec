import type { PropositionDto } from '../../../common/api/catalogue.js';
import { propositionKey } from '../../../common/text/index.js';
import type { ChangeSet } from '../../changes/change-set.js';
import type { PropositionFacts } from '../../changes/events.js';
import type { AppContext } from '../../context.js';
import { violatedUniqueConstraint } from '../../db/constraint-errors.js';
import type { Executor } from '../../db/executor.js';
import type { BallotVersionCause } from '../../db/schema.js';
import { errors } from '../../http/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/guards.js';
import { recountTopics } from '../rankings/recount.js';
import type { Places } from '../rankings/tallies.js';
import { type BallotHolding, BallotsRepository } from '../votes/ballots-repository.js';
import { BallotNoticesRepository } from '../votes/notices-repository.js';
import { VotesRepository } from '../votes/repository.js';
import type { TopicsAdminService } from './admin-service.js';
import { PropositionsRepository } from './propositions-repository.js';

/** An administrator's edits of a topic's propositions (SPEC 7 admin API); each changes its ranking. */
export class PropositionsAdminService {
  constructor(
    private readonly ctx: AppContext,
    private readonly topics: TopicsAdminService,
  ) {}

  async add(actor: AuthUser, key: string, itemName: string): Promise<PropositionDto> {
    const nameKey = propositionKey(itemName);
    return this.writeProposition(async (trx, change) => {
      const topic = await this.topics.require(trx, key);
      const propositions = new PropositionsRepository(trx);
      if ((await propositions.findTwins(topic.id, [itemName])).size > 0) throw errors.propositionExists();
      const createdAt = this.ctx.clock.nowIso();
      // An administrator's is listed at once, whatever the proposal policy.
      const id = await propositions.insert({
        topicId: topic.id,
        name: itemName,
        nameKey,
        createdAt,
        listedAt: createdAt,
      });
      change.propositionsChanged({ id: topic.id, mainTopicId: topic.main_topic_id });
      change.propositionCreated(
        { id, topicId: topic.id, name: itemName, createdBy: null },
        createdAt,
        createdAt,
      );
      await recordAudit(trx, change, actor, {
        action: 'create',
        entityType: 'proposition',
        topicId: topic.id,
        entityId: id,
        after: { topicId: topic.id, itemName },
      });
      return { id, itemName, totalPoints: 0, voteCount: 0 };
    });
  }

  /** Saved on the server (DESIGN improves on the spec's local-only rename); votes keep pointing at it. */
  async rename(actor: AuthUser, key: string, id: number, itemName: string): Promise<PropositionDto> {
    const nameKey = propositionKey(itemName);
    return this.writeProposition(async (trx, change) => {
      const topic = await this.topics.require(trx, key);
      const propositions = new PropositionsRepository(trx);
      const proposition = await propositions.find(topic.id, id);
      if (!proposition) throw errors.notFound('Proposition');
      if ((await propositions.findTwins(topic.id, [itemName], id)).size > 0) throw errors.propositionExists();
      await propositions.rename(id, itemName, nameKey);
      change.propositionsChanged({ id: topic.id, mainTopicId: topic.main_topic_id });
      change.propositionRenamed(
        { id, topicId: topic.id, name: itemName, createdBy: proposition.created_by },
        proposition.name,
      );
      await recordAudit(trx, change, actor, {
        action: 'update',
        entityType: 'proposition',
        topicId: topic.id,
        entityId: id,
        before: { itemName: proposition.name },
        after: { itemName },
      });
      return {
        id,
        itemName,
        totalPoints: Number(proposition.total_points),
        voteCount: Number(proposition.vote_count),
      };
    });
  }

  /** Out of every ballot that holds it (removeFromBallots), under the same lock as a vote submission. */
  async delete(actor: AuthUser, key: string, id: number) {
    return this.writeProposition(async (trx, change) => {
      const topic = await this.topics.require(trx, key);
      const votes = new VotesRepository(trx, this.ctx.database.kind);
      await votes.lockTopic(topic.id);
      const proposition = await new PropositionsRepository(trx).find(topic.id, id);
      if (!proposition) throw errors.notFound('Proposition');
      await removeFromBallots(
        trx,
        change,
        { id: topic.id, mainTopicId: topic.main_topic_id },
        { id, topicId: topic.id, name: proposition.name, createdBy: proposition.created_by },
        { cause: 'proposition_deleted', reason: 'deleted', at: this.ctx.clock.nowIso() },
      );
      const voteCount = await votes.voterCount(topic.id);
      await recordAudit(trx, change, actor, {
        action: 'delete',
        entityType: 'proposition',
        topicId: topic.id,
        entityId: id,
        before: {
          topicId: topic.id,
          itemName: proposition.name,
          totalPoints: proposition.total_points,
          votes: proposition.vote_count,
        },
      });
      return { deleted: true as const, topicVoteCount: voteCount };
    });
  }

  /**
   * Merges proposition `id` into `intoId` (issue 34): each ballot that names it gets a version, marked as a
   * merge, that names `intoId` instead (a ballot that named both keeps `intoId` at the better place and
   * frees the other); its names become aliases of `intoId`, so a later ballot typing them lands there;
   * `intoId` counts as existing from the earlier of the two creations (eligible ballots); the topic's
   * totals are recounted from the ballots. One transaction, under the lock every ballot on the topic takes.
   */
  async merge(actor: AuthUser, key: string, id: number, intoId: number): Promise<PropositionDto> {
    if (id === intoId) throw errors.validation('A proposition cannot be merged into itself', 'intoId');
    return this.ctx.changes.transaction(async (trx, change) => {
      const topic = await this.topics.require(trx, key);
      const votes = new VotesRepository(trx, this.ctx.database.kind);
      const propositions = new PropositionsRepository(trx);
      const ballots = new BallotsRepository(trx);
      await votes.lockTopic(topic.id);
      const merged = await propositions.find(topic.id, id);
      const kept = await propositions.find(topic.id, intoId);
      if (!merged || !kept) throw errors.notFound('Proposition');
      if (kept.listed_at === null) {
        throw errors.validation('A proposition can only be merged into a listed one', 'intoId');
      }
      const now = this.ctx.clock.nowIso();
      const holding = await ballots.holding(topic.id, id);
      await ballots.appendMerged(
        holding.map((ballot) => ballot.id),
        id,
        intoId,
        now,
      );
      await propositions.absorb(kept, merged, now);
      await propositions.delete(id);
      // A held proposal's voters are told where their ballot's place went (a listed one's merge is public).
      if (merged.listed_at === null) {
        await new BallotNoticesRepository(trx).add(
          topic.id,
          holding.map((ballot) => ballot.userId),
          { kind: 'merged', propositionName: merged.name, intoName: kept.name },
          now,
        );
      }
      await recountTopics(trx, [topic.id]);
      const member = { id: topic.id, mainTopicId: topic.main_topic_id };
      announceVersions(change, member, holding, now, 'merge', (places) => mergedPlaces(places, id, intoId));
      change.propositionRemoved(
        { id, topicId: topic.id, name: merged.name, createdBy: merged.created_by },
        'merged',
      );
      const after = await propositions.find(topic.id, intoId);
      await recordAudit(trx, change, actor, {
        action: 'merge',
        entityType: 'proposition',
        topicId: topic.id,
        entityId: id,
        before: {
          topicId: topic.id,
          itemName: merged.name,
          totalPoints: merged.total_points,
          votes: merged.vote_count,
        },
        // Read beside `before`: the name it now goes by, and the kept proposition's totals with its ballots.
        after: {
          topicId: topic.id,
          itemName: kept.name,
          totalPoints: Number(after?.total_points ?? 0),
          votes: Number(after?.vote_count ?? 0),
          intoId,
          ballots: holding.length,
        },
      });
      return {
        id: intoId,
        itemName: kept.name,
        totalPoints: Number(after?.total_points ?? 0),
        voteCount: Number(after?.vote_count ?? 0),
      };
    });
  }

  /** A name another proposition of the topic has, even by a race the unique index settles, is 409. */
  private async writeProposition<T>(work: (trx: Executor, change: ChangeSet) => Promise<T>): Promise<T> {
    try {
      return await this.ctx.changes.transaction(work);
    } catch (error) {
      if (violatedUniqueConstraint(error)) throw errors.propositionExists();
      throw error;
    }
  }
}

/**
 * Takes a proposition out of every ballot that holds it, under the topic's lock its caller took: each gets a
 * version without it (its other places kept) for `cause`, the proposition goes with its votes, the topic's
 * totals are recounted from the ballots, and subscribers hear of each version and of the removal. Past
 * versions that named it keep naming it: they record what the voter chose then (ids are never reused).
 * Answers the ballots it was taken from.
 */
export async function removeFromBallots(
  trx: Executor,
  change: ChangeSet,
  topic: { id: number; mainTopicId: number | null },
  proposition: PropositionFacts,
  {
    cause,
    reason,
    at,
  }: { cause: 'proposition_deleted' | 'rejection'; reason: 'deleted' | 'rejected'; at: string },
): Promise<BallotHolding[]> {
  const ballots = new BallotsRepository(trx);
  const holding = await ballots.holding(topic.id, proposition.id);
  await ballots.appendWithout(
    holding.map((ballot) => ballot.id),
    proposition.id,
    at,
    cause,
  );
  await new PropositionsRepository(trx).delete(proposition.id);
  await recountTopics(trx, [topic.id]);
  announceVersions(change, topic, holding, at, cause, (places) => withoutProposition(places, proposition.id));
  change.propositionRemoved(proposition, reason);
  return holding;
}

function withoutProposition(places: Places, propositionId: number): Places {
  const kept = (id: number | null) => (id === propositionId ? null : id);
  return { first: kept(places.first), second: kept(places.second), third: kept(places.third) };
}

/**
 * What a write that appended a version to each of these ballots tells its subscribers: the topic's ranking
 * moved (and its propositions with it), and each ballot's places before and after (`placesAfter`).
 */
function announceVersions(
  change: ChangeSet,
  topic: { id: number; mainTopicId: number | null },
  holding: readonly BallotHolding[],
  at: string,
  cause: BallotVersionCause,
  placesAfter: (places: Places) => Places,
): void {
  change.ballotsMoved(topic, 'propositions');
  for (const ballot of holding) {
    change.ballotChanged({
      ballotId: ballot.id,
      topicId: topic.id,
      userId: ballot.userId,
      version: ballot.version + 1,
      castAt: at,
      cause,
      before: ballot.places,
      after: placesAfter(ballot.places),
      counted: ballot.counted,
    });
  }
}

/** A ballot's places once `from` is merged into `into` (as BallotsRepository.appendMerged writes them). */
function mergedPlaces(places: Places, from: number, into: number): Places {
  const holds = (id: number | null) => id === from || id === into;
  return {
    first: holds(places.first) ? into : places.first,
    second: holds(places.second) ? (holds(places.first) ? null : into) : places.second,
    third: holds(places.third) ? (holds(places.first) || holds(places.second) ? null : into) : places.third,
  };
}
