import type { AccountExportDto } from '../../../common/api/account-data.js';
import type { Language } from '../../../common/constants.js';
import type { AppContext } from '../../context.js';
import { errors } from '../../http/errors.js';
import { SessionsRepository } from '../auth/sessions-repository.js';
import { PropositionsRepository } from '../topics/propositions-repository.js';
import { TopicsRepository } from '../topics/repository.js';
import { BallotsRepository } from '../votes/ballots-repository.js';
import { BallotNoticesRepository } from '../votes/notices-repository.js';
import { toUserDto } from './accounts.js';
import { UsersRepository } from './repository.js';

/**
 * Everything Podium keeps about one account, as the person may take it away (GDPR Articles 15 and 20):
 * read in one transaction so that its parts agree, topics titled in the account's language.
 */
export async function exportAccount(ctx: AppContext, userId: number): Promise<AccountExportDto> {
  const parts = await ctx.db.transaction().execute(async (trx) => {
    const users = new UsersRepository(trx);
    const user = await users.findById(userId);
    if (!user) throw errors.notFound('User');
    const propositions = new PropositionsRepository(trx);
    return {
      user,
      pendingEmail: await users.pendingEmail(userId, ctx.clock.nowIso()),
      versions: await new BallotsRepository(trx).versionsOf(userId),
      propositions: await propositions.createdBy(userId),
      creations: await propositions.creationsBy(userId),
      sessions: await new SessionsRepository(trx).ofUser(userId),
      notices: await new BallotNoticesRepository(trx).allOf(userId),
    };
  });
  const profile = toUserDto(parts.user, 0, parts.pendingEmail);
  const topicIds = [...new Set([...parts.versions, ...parts.propositions].map((row) => row.topic_id))];
  const topics = await topicsTitled(ctx, topicIds, profile.language);
  const topicOf = (id: number) => topics.get(id) ?? { id, slug: '', title: '' };

  const ballots = new Map<number, AccountExportDto['ballots'][number]>();
  for (const row of parts.versions) {
    let ballot = ballots.get(row.ballot_id);
    if (!ballot) {
      ballot = { topic: topicOf(row.topic_id), firstCastAt: row.first_cast_at, versions: [] };
      ballots.set(row.ballot_id, ballot);
    }
    const named = (id: number | null, name: string | null) =>
      id === null || name === null ? null : { id, name };
    ballot.versions.push({
      version: row.version,
      castAt: row.cast_at,
      cause: row.cause,
      first: named(row.first_id, row.first_name),
      second: named(row.second_id, row.second_name),
      third: named(row.third_id, row.third_name),
    });
  }

  return {
    format: 'podium-account-export',
    version: 1,
    exportedAt: ctx.clock.nowIso(),
    profile: {
      readableId: profile.readableId,
      username: profile.username,
      email: profile.email,
      emailVerified: profile.emailVerified,
      pendingEmail: profile.pendingEmail,
      firstName: profile.firstName,
      lastName: profile.lastName,
      language: profile.language,
      isAdmin: profile.isAdmin,
      createdAt: profile.createdAt,
    },
    ballots: [...ballots.values()],
    propositions: parts.propositions.map((row) => ({
      topic: topicOf(row.topic_id),
      name: row.name,
      createdAt: row.created_at,
      awaitingReview: row.listed_at === null,
    })),
    propositionCreations: parts.creations.map((row) => ({
      topicId: row.topic_id,
      createdAt: row.created_at,
      clientAddress: row.client_address,
    })),
    sessions: parts.sessions.map((row) => ({
      device: row.device,
      openedAt: row.created_at,
      lastUsedAt: row.last_used_at,
      endedAt: row.ended_at,
    })),
    notices: parts.notices.map((row) => ({
      topicId: row.topic_id,
      kind: row.kind,
      propositionName: row.proposition_name,
      reason: row.reason,
      note: row.note,
      intoName: row.into_name,
      createdAt: row.created_at,
    })),
  };
}

/** Each topic as the export names it: id, slug and title in the reader's language. */
async function topicsTitled(ctx: AppContext, ids: readonly number[], language: Language) {
  const [rows, texts] = await Promise.all([
    new TopicsRepository(ctx.db).titlesOf(ids),
    ctx.texts.picker('topic', ids, language),
  ]);
  return new Map(
    rows.map((topic) => [
      topic.id,
      {
        id: topic.id,
        slug: topic.slug,
        title: texts.pick(topic.id, 'title', { text: topic.title, language: topic.language }),
      },
    ]),
  );
}
