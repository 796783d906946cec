import type { PropositionDto } from '../../../common/api/catalogue.js';
import { propositionKey } from '../../../common/text/index.js';
import type { ChangeSet } from '../../changes/change-set.js';
import type { AppContext } from '../../context.js';
import { violatedUniqueConstraint } from '../../db/constraint-errors.js';
import type { Executor } from '../../db/executor.js';
import { errors } from '../../http/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/guards.js';
import { recountTopics } from '../rankings/recount.js';
import type { Places } from '../rankings/tallies.js';
import { BallotsRepository } from '../votes/ballots-repository.js';
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
      if (await propositions.findByKey(topic.id, nameKey)) throw errors.propositionExists();
      const createdAt = this.ctx.clock.nowIso();
      const id = await propositions.insert({ topicId: topic.id, name: itemName, nameKey, createdAt });
      change.propositionsChanged({ id: topic.id, mainTopicId: topic.main_topic_id });
      change.propositionCreated({ id, topicId: topic.id, name: itemName, createdBy: null }, createdAt);
      await recordAudit(trx, change, actor, {
        action: 'create',
        entityType: 'proposition',
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
      const other = await propositions.findByKey(topic.id, nameKey);
      if (other && other.id !== id) throw errors.propositionExists();
      await propositions.rename(id, itemName, nameKey);
      change.propositionsChanged({ id: topic.id, mainTopicId: topic.main_topic_id });
      change.propositionRenamed(
        { id, topicId: topic.id, name: itemName, createdBy: proposition.created_by },
        proposition.name,
      );
      await recordAudit(trx, change, actor, {
        action: 'update',
        entityType: 'proposition',
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

  /**
   * Each ballot that holds it gets a version without it (its other places kept), its votes go with it,
   * and the topic's totals are recounted from the ballots, under the same lock as a vote submission.
   * Past versions that named it keep naming it: they record what the voter chose then (ids are never reused).
   */
  async delete(actor: AuthUser, key: string, id: number) {
    return this.writeProposition(async (trx, change) => {
      const topic = await this.topics.require(trx, key);
      const votes = new VotesRepository(trx, this.ctx.database.kind);
      const propositions = new PropositionsRepository(trx);
      const ballots = new BallotsRepository(trx);
      await votes.lockTopic(topic.id);
      const proposition = await propositions.find(topic.id, id);
      if (!proposition) throw errors.notFound('Proposition');
      const now = this.ctx.clock.nowIso();
      const holding = await ballots.holding(topic.id, id);
      await ballots.appendWithout(
        holding.map((ballot) => ballot.id),
        id,
        now,
      );
      await propositions.delete(id);
      await recountTopics(trx, [topic.id]);
      const member = { id: topic.id, mainTopicId: topic.main_topic_id };
      change.ballotsMoved(member, 'propositions');
      for (const ballot of holding) {
        change.ballotChanged({
          ballotId: ballot.id,
          topicId: topic.id,
          userId: ballot.userId,
          version: ballot.version + 1,
          castAt: now,
          cause: 'proposition_deleted',
          before: ballot.places,
          after: withoutProposition(ballot.places, id),
        });
      }
      change.propositionRemoved(
        { id, topicId: topic.id, name: proposition.name, createdBy: proposition.created_by },
        'deleted',
      );
      const voteCount = await votes.voterCount(topic.id);
      await recordAudit(trx, change, actor, {
        action: 'delete',
        entityType: 'proposition',
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

function withoutProposition(places: Places, propositionId: number): Places {
  const kept = (id: number | null) => (id === propositionId ? null : id);
  return { first: kept(places.first), second: kept(places.second), third: kept(places.third) };
}
