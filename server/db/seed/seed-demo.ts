import type { Insertable, Kysely, Transaction } from 'kysely';
import { BASE_NAME_LANGUAGE } from '../../../common/constants.js';
import { RANK_HISTORY_DAYS } from '../../../common/history/days.js';
import { foldText, propositionKey, slugify } from '../../../common/text/index.js';
import { backfillDays } from '../../modules/history/service.js';
import { takeSnapshots } from '../../modules/history/snapshots.js';
import { indexTopics } from '../../modules/search/indexer.js';
import { usernameKey } from '../../modules/users/username-key.js';
import { BallotsRepository } from '../../modules/votes/ballots-repository.js';
import type { DatabaseKind } from '../database.js';
import { newReadableId } from '../readable-id.js';
import type { Database, TranslationsTable } from '../schema.js';
import { demoEmail } from './demo-accounts.js';
import { DEMO_CATEGORIES, DEMO_TAGS, DEMO_USERS, type Names, SEEDED_LANGUAGES } from './demo-content.js';
import { buildDemoPlan, type DemoPlan } from './demo-plan.js';

export interface SeedSummary {
  categories: number;
  tags: number;
  users: number;
  mainTopics: number;
  subTopics: number;
  standaloneTopics: number;
  propositions: number;
  votes: number;
  translations: number;
}

export interface SeedDemoOptions {
  /** Shared by every demo user (the lead passes the argon2id hash of the documented "podium-demo"). */
  passwordHash: string;
  /** Timestamps are spread backwards from this moment (the caller's clock). */
  now: Date;
}

/** SQLite caps bound parameters per statement; 500 rows of at most 12 columns stays far below it. */
const BATCH_SIZE = 500;

/** True when there is nothing to lose by seeding: no topics and no users. */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const topic = await db.selectFrom('topics').select('id').limit(1).executeTakeFirst();
  if (topic) return false;
  const user = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return !user;
}

/**
 * Inserts the demo catalogue, users, topics, propositions and votes in one transaction, with
 * running totals equal to what the votes say. Categories and tags that already exist (same slug)
 * are reused rather than duplicated.
 */
export async function seedDemoContent(
  database: { db: Kysely<Database>; kind: DatabaseKind },
  options: SeedDemoOptions,
): Promise<SeedSummary> {
  const { db } = database;
  const plan = buildDemoPlan();
  const nowMs = options.now.getTime();
  const ago = (minutes: number): string => new Date(nowMs - minutes * 60_000).toISOString();
  const summary = await db.transaction().execute(async (trx) => {
    const catalogue = await ensureDemoCatalogue(trx, ago(120 * 24 * 60));
    const { categoryIds, tagIds } = catalogue;
    const userIds = await insertUsers(trx, plan, options.passwordHash, ago);
    const topicIds = await insertTopics(trx, plan, categoryIds, ago);

    const topicTags = plan.topics.flatMap((topic, t) =>
      topic.tags.map((slug) => ({
        topic_id: topicIds[t] as number,
        tag_id: required(tagIds.get(slug), slug),
      })),
    );
    for (const batch of chunks(topicTags)) await trx.insertInto('topic_tags').values(batch).execute();

    const translations: Insertable<TranslationsTable>[] = [];
    plan.topics.forEach((topic, t) => {
      const at = ago(topic.ageMinutes);
      // The topic's own language is its base text (insertTopics): only the other languages are translations.
      for (const language of SEEDED_LANGUAGES.filter((other) => other !== topic.language)) {
        for (const [key, texts] of [
          ['title', topic.titles],
          ['description', topic.descriptions],
        ] as const) {
          translations.push({
            entity_type: 'topic',
            entity_id: topicIds[t] as number,
            key,
            language,
            value: texts[language],
            created_at: at,
            updated_at: at,
          });
        }
      }
    });
    for (const batch of chunks(translations)) await trx.insertInto('translations').values(batch).execute();

    const propositionIds = await insertPropositions(trx, plan, topicIds, ago);
    const votes = plan.votes.map((vote) => ({
      user_id: userIds[vote.user] as number,
      topic_id: topicIds[vote.topic] as number,
      proposition_id: propositionIds[vote.topic]?.[vote.proposition] as number,
      points: vote.points,
      created_at: ago(vote.ageMinutes),
    }));
    for (const batch of chunks(votes)) await trx.insertInto('votes').values(batch).execute();
    // The plan's totals are exact already; each voter's votes on a topic become their ballot's first version.
    await new BallotsRepository(trx).fromVotes();
    await addEarlierVersions(trx, plan, { userIds, topicIds, propositionIds }, ago);
    await indexTopics(trx, topicIds);

    return {
      categories: catalogue.createdCategories,
      tags: catalogue.createdTags,
      users: userIds.length,
      mainTopics: plan.topics.filter((topic) => topic.kind === 'main').length,
      subTopics: plan.topics.filter((topic) => topic.kind === 'sub').length,
      standaloneTopics: plan.topics.filter((topic) => topic.kind === 'standalone').length,
      propositions: plan.topics.reduce((sum, topic) => sum + topic.propositions.length, 0),
      votes: votes.length,
      translations: catalogue.translations + translations.length,
    };
  });
  // The last 90 days of rank history, from the ballots' versions, as the daily job would have taken them.
  await takeSnapshots(database, backfillDays(nowMs, RANK_HISTORY_DAYS), options.now.toISOString());
  return summary;
}

/**
 * Voters who changed their mind: each planned earlier version goes before its ballot's current one
 * (the votes, which `fromVotes` made version 1), numbered from 1, the current one last; the ballot was
 * first cast at its oldest.
 */
async function addEarlierVersions(
  trx: Transaction<Database>,
  plan: DemoPlan,
  ids: { userIds: number[]; topicIds: number[]; propositionIds: number[][] },
  ago: (minutes: number) => string,
): Promise<void> {
  const byBallot = new Map<string, DemoPlan['earlierVersions']>();
  for (const version of plan.earlierVersions) {
    const key = `${ids.userIds[version.user]}:${ids.topicIds[version.topic]}`;
    byBallot.set(key, [...(byBallot.get(key) ?? []), version]);
  }
  for (const [key, versions] of byBallot) {
    const [userId, topicId] = key.split(':').map(Number) as [number, number];
    const ballot = await trx
      .selectFrom('ballots')
      .select('id')
      .where('user_id', '=', userId)
      .where('topic_id', '=', topicId)
      .executeTakeFirstOrThrow();
    const current = versions.length + 1;
    await trx
      .updateTable('ballot_versions')
      .set({ version: current })
      .where('ballot_id', '=', ballot.id)
      .where('version', '=', 1)
      .execute();
    await trx
      .insertInto('ballot_versions')
      .values(
        versions.map((version, index) => {
          const place = (n: number) => {
            const p = version.places[n];
            return p === undefined ? null : (ids.propositionIds[version.topic]?.[p] ?? null);
          };
          return {
            ballot_id: ballot.id,
            version: index + 1,
            cast_at: ago(version.ageMinutes),
            cause: 'vote' as const,
            first_id: place(0),
            second_id: place(1),
            third_id: place(2),
          };
        }),
      )
      .execute();
    await trx
      .updateTable('ballots')
      .set({ version: current, first_cast_at: ago((versions[0] as { ageMinutes: number }).ageMinutes) })
      .where('id', '=', ballot.id)
      .execute();
  }
}

export interface DemoCatalogue {
  /** Every category id by slug, including the system category `unassigned`. */
  categoryIds: Map<string, number>;
  tagIds: Map<string, number>;
  createdCategories: number;
  createdTags: number;
  translations: number;
}

/**
 * Makes sure the demo categories and tags exist, each with its name in the four languages (English on
 * the row itself, the others as translations).
 * Rows that already exist (same slug) are reused as they are. The bench loader shares it.
 */
export async function ensureDemoCatalogue(
  db: Kysely<Database> | Transaction<Database>,
  at: string,
): Promise<DemoCatalogue> {
  const translations: Insertable<TranslationsTable>[] = [];
  // The English name is the row's own (BASE_NAME_LANGUAGE): only the other languages are translations.
  const addNames = (entityType: 'category' | 'tag', entityId: number, names: Names) => {
    for (const language of SEEDED_LANGUAGES.filter((other) => other !== BASE_NAME_LANGUAGE)) {
      translations.push({
        entity_type: entityType,
        entity_id: entityId,
        key: 'name',
        language,
        value: names[language],
        created_at: at,
        updated_at: at,
      });
    }
  };

  const existingCategories = await db.selectFrom('categories').select(['id', 'slug']).execute();
  const categoryIds = new Map(existingCategories.map((row) => [row.slug, row.id]));
  let createdCategories = 0;
  // Parents first: a subcategory needs its parent's id.
  for (const level of [false, true]) {
    const fresh = DEMO_CATEGORIES.filter((c) => Boolean(c.parent) === level && !categoryIds.has(c.slug));
    if (fresh.length === 0) continue;
    const rows = await db
      .insertInto('categories')
      .values(
        fresh.map((c) => ({
          slug: c.slug,
          name: c.names.en,
          parent_id: c.parent ? required(categoryIds.get(c.parent), c.parent) : null,
          created_at: at,
        })),
      )
      .returning(['id', 'slug'])
      .execute();
    for (const row of rows) categoryIds.set(row.slug, row.id);
    for (const c of fresh) addNames('category', required(categoryIds.get(c.slug), c.slug), c.names);
    createdCategories += fresh.length;
  }

  const existingTags = await db
    .selectFrom('tags')
    .select(['id', 'slug'])
    .where(
      'slug',
      'in',
      DEMO_TAGS.map((tag) => tag.slug),
    )
    .execute();
  const tagIds = new Map(existingTags.map((row) => [row.slug, row.id]));
  const freshTags = DEMO_TAGS.filter((tag) => !tagIds.has(tag.slug));
  for (const batch of chunks(freshTags)) {
    const rows = await db
      .insertInto('tags')
      .values(
        batch.map((tag) => ({
          slug: tag.slug,
          name: tag.names.en,
          type: tag.type,
          category_id: tag.category ? required(categoryIds.get(tag.category), tag.category) : null,
          created_at: at,
        })),
      )
      .returning(['id', 'slug'])
      .execute();
    for (const row of rows) tagIds.set(row.slug, row.id);
  }
  for (const tag of freshTags) addNames('tag', required(tagIds.get(tag.slug), tag.slug), tag.names);

  for (const batch of chunks(translations)) await db.insertInto('translations').values(batch).execute();
  return {
    categoryIds,
    tagIds,
    createdCategories,
    createdTags: freshTags.length,
    translations: translations.length,
  };
}

/** Returns user ids in DEMO_USERS order. */
async function insertUsers(
  trx: Transaction<Database>,
  plan: DemoPlan,
  passwordHash: string,
  ago: (minutes: number) => string,
): Promise<number[]> {
  // An administrator created from ADMIN_EMAIL may already hold a name or address we would use.
  const taken = await trx.selectFrom('users').select(['username_key', 'email', 'readable_id']).execute();
  const usedKeys = new Set(taken.flatMap((row) => [row.username_key, row.email]));
  const readableIds = new Set(taken.map((row) => row.readable_id));
  const rows = DEMO_USERS.map((user, u) => {
    let username = user.username;
    for (let n = 2; usedKeys.has(usernameKey(username)) || usedKeys.has(demoEmail(username)); n++) {
      username = `${user.username}${n}`;
    }
    usedKeys.add(usernameKey(username));
    usedKeys.add(demoEmail(username));
    const at = ago(plan.userAgeMinutes[u] as number);
    return {
      readable_id: uniqueReadableId('U', readableIds),
      username,
      username_key: usernameKey(username),
      email: demoEmail(username),
      password_hash: passwordHash,
      first_name: user.firstName,
      last_name: user.lastName,
      language: user.language,
      created_at: at,
      updated_at: at,
    };
  });
  const idByKey = new Map<string, number>();
  for (const batch of chunks(rows)) {
    const inserted = await trx.insertInto('users').values(batch).returning(['id', 'username_key']).execute();
    for (const row of inserted) idByKey.set(row.username_key, row.id);
  }
  return rows.map((row) => required(idByKey.get(row.username_key), row.username));
}

/** Returns topic ids in plan order. */
async function insertTopics(
  trx: Transaction<Database>,
  plan: DemoPlan,
  categoryIds: Map<string, number>,
  ago: (minutes: number) => string,
): Promise<number[]> {
  const existing = await trx.selectFrom('topics').select(['slug', 'readable_id']).execute();
  const slugs = new Set(existing.map((row) => row.slug));
  const readableIds = new Set(existing.map((row) => row.readable_id));
  const ids: number[] = [];
  const rows = plan.topics.map((topic) => {
    const title = topic.titles[topic.language];
    const at = ago(topic.ageMinutes);
    return {
      readable_id: uniqueReadableId('T', readableIds),
      slug: uniqueSlug(slugify(title), slugs),
      title,
      title_key: foldText(title),
      description: topic.descriptions[topic.language],
      language: topic.language,
      category_id: required(categoryIds.get(topic.category), topic.category),
      is_main: topic.kind === 'main' ? 1 : 0,
      main_topic_id: null as number | null,
      mandatory_types: JSON.stringify(topic.mandatoryTypes),
      vote_count: topic.voteCount,
      created_at: at,
      updated_at: at,
    };
  });
  // Main topics first: sub-topics point at them.
  for (const isMain of [1, 0]) {
    const pending = rows.flatMap((row, t) => (row.is_main === isMain ? [{ row, t }] : []));
    for (const { row, t } of pending) {
      const main = plan.topics[t]?.mainTopic;
      if (main !== null && main !== undefined) row.main_topic_id = required(ids[main], `topic ${main}`);
    }
    for (const batch of chunks(pending)) {
      const inserted = await trx
        .insertInto('topics')
        .values(batch.map(({ row }) => row))
        .returning(['id', 'slug'])
        .execute();
      const bySlug = new Map(inserted.map((row) => [row.slug, row.id]));
      for (const { row, t } of batch) ids[t] = required(bySlug.get(row.slug), row.slug);
    }
  }
  return ids;
}

/** Returns, per plan topic, the proposition ids in the plan's order. */
async function insertPropositions(
  trx: Transaction<Database>,
  plan: DemoPlan,
  topicIds: number[],
  ago: (minutes: number) => string,
): Promise<number[][]> {
  const rows = plan.topics.flatMap((topic, t) =>
    topic.propositions.map((proposition) => ({
      topic_id: topicIds[t] as number,
      name: proposition.name,
      name_key: propositionKey(proposition.name),
      total_points: proposition.totalPoints,
      vote_count: proposition.voteCount,
      first_count: proposition.firstCount,
      second_count: proposition.secondCount,
      third_count: proposition.thirdCount,
      created_at: ago(topic.ageMinutes - 60),
      listed_at: ago(topic.ageMinutes - 60),
    })),
  );
  // RETURNING order is not guaranteed on either database, so ids are matched back by natural key.
  const idByKey = new Map<string, number>();
  for (const batch of chunks(rows)) {
    const inserted = await trx
      .insertInto('propositions')
      .values(batch)
      .returning(['id', 'topic_id', 'name_key'])
      .execute();
    for (const row of inserted) idByKey.set(`${row.topic_id}:${row.name_key}`, row.id);
  }
  return plan.topics.map((topic, t) =>
    topic.propositions.map((proposition) => {
      const key = `${topicIds[t]}:${propositionKey(proposition.name)}`;
      return required(idByKey.get(key), key);
    }),
  );
}

function uniqueReadableId(prefix: 'U' | 'T', used: Set<string>): string {
  let id = newReadableId(prefix);
  while (used.has(id)) id = newReadableId(prefix);
  used.add(id);
  return id;
}

function uniqueSlug(base: string, used: Set<string>): string {
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
  used.add(slug);
  return slug;
}

function* chunks<T>(rows: readonly T[], size = BATCH_SIZE): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo seed: missing id for ${what}`);
  return value;
}
