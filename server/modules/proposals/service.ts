import type { PropositionDto } from '../../../common/api/catalogue.js';
import type { ProposalDto, ProposalsData, RejectProposalBody } from '../../../common/api/proposals.js';
import { suggestSimilar } from '../../../common/search/index.js';
import type { ChangeSet } from '../../changes/change-set.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import { errors } from '../../http/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/guards.js';
import { removeFromBallots } from '../topics/propositions-admin-service.js';
import { PropositionsRepository } from '../topics/propositions-repository.js';
import { BallotNoticesRepository } from '../votes/notices-repository.js';
import { type LockedTopic, VotesRepository } from '../votes/repository.js';
import { ProposalsRepository } from './repository.js';

/** Candidates to merge a proposal into, per proposal. */
const SIMILAR_MAX = 5;

/**
 * The review queue (issue 34): administrators approve a held proposal (it joins the public ranking with
 * its points, listed from now) or reject it with a reason (it leaves the ballots that named it, each voter
 * left a notice). Merging one into a listed proposition is the topic editor's merge
 * (propositions-admin-service.ts). Each decision takes the topic's lock, as a ballot does.
 */
export class ProposalsService {
  constructor(private readonly ctx: AppContext) {}

  async list(topicId?: number): Promise<ProposalsData> {
    const repository = new ProposalsRepository(this.ctx.db);
    const rows = await repository.held(topicId);
    const listedByTopic = new Map<number, { id: number; name: string }[]>();
    for (const listed of await repository.listedNames([...new Set(rows.map((row) => row.topic_id))])) {
      const group = listedByTopic.get(listed.topic_id);
      if (group) group.push(listed);
      else listedByTopic.set(listed.topic_id, [listed]);
    }
    const proposals = rows.map((row): ProposalDto => {
      const ofTopic = listedByTopic.get(row.topic_id) ?? [];
      const similar = suggestSimilar(
        row.name,
        ofTopic.map((proposition) => proposition.name),
        { max: SIMILAR_MAX },
      ).flatMap(({ name }) => ofTopic.filter((proposition) => proposition.name === name).slice(0, 1));
      return {
        id: row.id,
        itemName: row.name,
        topic: { id: row.topic_id, slug: row.topic_slug, title: row.topic_title },
        proposedBy: row.proposed_by,
        proposedAt: row.created_at,
        totalPoints: Number(row.total_points),
        voteCount: Number(row.vote_count),
        similar: similar.map((proposition) => ({ id: proposition.id, itemName: proposition.name })),
      };
    });
    const pending = topicId === undefined ? proposals.length : await repository.heldCount();
    return { proposals, pending };
  }

  pendingCount(): Promise<number> {
    return new ProposalsRepository(this.ctx.db).heldCount();
  }

  async approve(actor: AuthUser, id: number): Promise<PropositionDto> {
    return this.decide(id, async ({ trx, change, topic, proposition }) => {
      const now = this.ctx.clock.nowIso();
      await new PropositionsRepository(trx).approve(id, now);
      change.propositionsChanged(topic);
      change.propositionApproved(facts(proposition), now);
      await recordAudit(trx, change, actor, {
        action: 'approve',
        entityType: 'proposition',
        topicId: topic.id,
        entityId: id,
        after: {
          topicId: topic.id,
          itemName: proposition.name,
          totalPoints: Number(proposition.total_points),
          votes: Number(proposition.vote_count),
        },
      });
      return {
        id,
        itemName: proposition.name,
        totalPoints: Number(proposition.total_points),
        voteCount: Number(proposition.vote_count),
      };
    });
  }

  /**
   * Each ballot that names it gets a version without it (cause `rejection`, its other places kept) and its
   * voter a notice; the proposal goes, and the topic's totals are recounted from the ballots.
   */
  async reject(actor: AuthUser, id: number, { reason, note }: RejectProposalBody): Promise<number> {
    return this.decide(id, async ({ trx, change, topic, proposition }) => {
      const now = this.ctx.clock.nowIso();
      const holding = await removeFromBallots(trx, change, topic, facts(proposition), {
        cause: 'rejection',
        reason: 'rejected',
        at: now,
      });
      await new BallotNoticesRepository(trx).add(
        topic.id,
        holding.map((ballot) => ballot.userId),
        { kind: 'rejected', propositionName: proposition.name, reason, note: note || null },
        now,
      );
      await recordAudit(trx, change, actor, {
        action: 'reject',
        entityType: 'proposition',
        topicId: topic.id,
        entityId: id,
        before: {
          topicId: topic.id,
          itemName: proposition.name,
          totalPoints: Number(proposition.total_points),
          votes: Number(proposition.vote_count),
        },
        after: { reason, note: note || null, ballots: holding.length },
      });
      return holding.length;
    });
  }

  /** Runs a decision on a held proposal under its topic's lock; 404 when it is no proposal held. */
  private decide<T>(id: number, work: (decision: Decision) => Promise<T>): Promise<T> {
    return this.ctx.changes.transaction(async (trx, change) => {
      const topicId = await new ProposalsRepository(trx).topicOfHeld(id);
      const topic = topicId === undefined ? undefined : await this.votes(trx).lockTopic(topicId);
      // Read again under the lock: a decision or a ballot that held it may have just committed.
      const proposition = topic && (await new PropositionsRepository(trx).find(topic.id, id));
      if (!topic || !proposition || proposition.listed_at !== null) throw errors.notFound('Proposal');
      return work({ trx, change, topic: { id: topic.id, mainTopicId: topic.mainTopicId }, proposition });
    });
  }

  private votes(trx: Executor): VotesRepository {
    return new VotesRepository(trx, this.ctx.database.kind);
  }
}

type HeldProposition = NonNullable<Awaited<ReturnType<PropositionsRepository['find']>>>;

interface Decision {
  trx: Executor;
  change: ChangeSet;
  topic: Pick<LockedTopic, 'id' | 'mainTopicId'>;
  proposition: HeldProposition;
}

function facts(proposition: HeldProposition) {
  return {
    id: proposition.id,
    topicId: proposition.topic_id,
    name: proposition.name,
    createdBy: proposition.created_by,
  };
}
