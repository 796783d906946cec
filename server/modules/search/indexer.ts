/**
 * Search's inverted index (`search_terms`): the folded words of each active topic's titles and
 * descriptions in every language, its tags' names and its category's (and parent category's)
 * names, one row per word and topic with the weight of the best field the word comes from.
 *
 * It follows the changes (server/changes): `searchIndexFollower` re-indexes, inside the write's own
 * transaction, every topic whose texts, tags, category or status changed, and those a renamed tag
 * or category names. No write path calls it.
 */
import { STOP_WORDS } from '../../../common/search/index.js';
import { tokenize } from '../../../common/text/index.js';
import { FINDABLE_ASPECTS } from '../../changes/change-set.js';
import type { TransactionSubscriber } from '../../changes/dispatcher.js';
import type { Executor } from '../../db/executor.js';
import { readTranslations } from '../texts/service.js';

export const TERM_WEIGHT = { title: 4, tag: 3, category: 2, description: 1 } as const;
/** Words longer than this are not indexed (no one types them; keeps the key short). */
export const MAX_TERM_LENGTH = 64;
const MIN_TERM_LENGTH = 2;
/** Topic ids per read while indexing: keeps IN lists and memory small. */
const TOPIC_BATCH = 500;
/** 3 columns per row: far below SQLite's bound-parameter limit. */
const INSERT_BATCH = 1000;

export interface SearchTermRow {
  term: string;
  topic_id: number;
  weight: number;
}

/** The texts a topic is found by, in every language. */
export interface TopicTexts {
  titles: readonly string[];
  tagNames: readonly string[];
  categoryNames: readonly string[];
  descriptions: readonly string[];
}

/**
 * The index entries of one topic: each indexable folded word with the weight of the best field it
 * comes from. Pure, so the bulk loader of the bench data set writes exactly what this module would.
 */
export function weighTopicTerms(texts: TopicTexts): Map<string, number> {
  const weights = new Map<string, number>();
  const add = (values: readonly string[], weight: number) => {
    for (const value of values) {
      for (const word of tokenize(value)) {
        if (word.length < MIN_TERM_LENGTH || word.length > MAX_TERM_LENGTH || STOP_WORDS.has(word)) continue;
        if ((weights.get(word) ?? 0) < weight) weights.set(word, weight);
      }
    }
  };
  add(texts.titles, TERM_WEIGHT.title);
  add(texts.tagNames, TERM_WEIGHT.tag);
  add(texts.categoryNames, TERM_WEIGHT.category);
  add(texts.descriptions, TERM_WEIGHT.description);
  return weights;
}

export interface CatalogueNames {
  /** Every name (base and translations) per tag id. */
  tagNames: Map<number, string[]>;
  /** Every name of the category and of its parent, per category id. */
  categoryNames: Map<number, string[]>;
}

/** Every text of a key of one entity: its base text and its translations. */
function allTexts(base: string | null, translations: Map<string, string> | undefined): string[] {
  return [...(base ? [base] : []), ...(translations?.values() ?? [])];
}

export async function loadCatalogueNames(db: Executor): Promise<CatalogueNames> {
  const [categories, tags, categoryTexts, tagTexts] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name', 'parent_id']).execute(),
    db.selectFrom('tags').select(['id', 'name']).execute(),
    readTranslations(db, 'category', 'all', ['name']),
    readTranslations(db, 'tag', 'all', ['name']),
  ]);
  const own = new Map<string, string[]>();
  for (const row of categories) {
    own.set(`category:${row.id}`, allTexts(row.name, categoryTexts.get(row.id)?.get('name')));
  }
  for (const row of tags) own.set(`tag:${row.id}`, allTexts(row.name, tagTexts.get(row.id)?.get('name')));

  const categoryNames = new Map<number, string[]>();
  for (const row of categories) {
    const names = [...(own.get(`category:${row.id}`) ?? [])];
    if (row.parent_id !== null) names.push(...(own.get(`category:${row.parent_id}`) ?? []));
    categoryNames.set(row.id, names);
  }
  const tagNames = new Map<number, string[]>();
  for (const row of tags) tagNames.set(row.id, own.get(`tag:${row.id}`) ?? []);
  return { tagNames, categoryNames };
}

/** The index rows of one batch of topics (inactive topics get none: search never shows them). */
async function buildTerms(
  db: Executor,
  topicIds: readonly number[],
  names: CatalogueNames,
): Promise<SearchTermRow[]> {
  if (topicIds.length === 0) return [];
  const ids = [...topicIds];
  const [topics, translations, topicTags] = await Promise.all([
    db
      .selectFrom('topics')
      .select(['id', 'title', 'description', 'category_id'])
      .where('id', 'in', ids)
      .where('is_active', '=', 1)
      .execute(),
    readTranslations(db, 'topic', ids, ['title', 'description']),
    db.selectFrom('topic_tags').select(['topic_id', 'tag_id']).where('topic_id', 'in', ids).execute(),
  ]);
  const texts = new Map<number, { title: string[]; description: string[]; tags: string[] }>();
  for (const topic of topics) {
    const translated = translations.get(topic.id);
    texts.set(topic.id, {
      title: allTexts(topic.title, translated?.get('title')),
      description: allTexts(topic.description, translated?.get('description')),
      tags: [],
    });
  }
  for (const row of topicTags) texts.get(row.topic_id)?.tags.push(...(names.tagNames.get(row.tag_id) ?? []));

  const rows: SearchTermRow[] = [];
  for (const topic of topics) {
    const entry = texts.get(topic.id);
    if (!entry) continue;
    const weights = weighTopicTerms({
      titles: entry.title,
      tagNames: entry.tags,
      categoryNames: names.categoryNames.get(topic.category_id) ?? [],
      descriptions: entry.description,
    });
    for (const [term, weight] of weights) rows.push({ term, topic_id: topic.id, weight });
  }
  return rows;
}

async function insertTerms(db: Executor, rows: readonly SearchTermRow[]) {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db
      .insertInto('search_terms')
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
  }
}

/** Tells every app server's search caches that the index changed (see searchIndexVersion). */
export async function bumpSearchIndexVersion(db: Executor): Promise<void> {
  await db
    .updateTable('search_index_state')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

/**
 * Re-indexes these topics (deleted or deactivated ones just leave the index). Safe inside a
 * transaction: pass the transaction so the index changes with the data.
 */
export async function indexTopics(db: Executor, topicIds: readonly number[]): Promise<void> {
  const unique = [...new Set(topicIds)];
  const names = await loadCatalogueNames(db);
  for (let i = 0; i < unique.length; i += TOPIC_BATCH) {
    const batch = unique.slice(i, i + TOPIC_BATCH);
    await db.deleteFrom('search_terms').where('topic_id', 'in', batch).execute();
    await insertTerms(db, await buildTerms(db, batch, names));
  }
  await bumpSearchIndexVersion(db);
}

/**
 * The changes subscriber of the index, run inside the write's transaction: the topics whose texts,
 * tags, category or status changed, and every topic of a changed tag or category, are re-indexed
 * with the data they are found by. The version bump tells every app server's search caches.
 */
export const searchIndexFollower: TransactionSubscriber = {
  wants: (change) => change.touches(FINDABLE_ASPECTS),
  async follow(trx, change) {
    if (change.isEverything) {
      await rebuildSearchIndex(trx);
      return;
    }
    const topicIds = change.topicsWith(FINDABLE_ASPECTS);
    for (const tagId of change.tags) topicIds.push(...(await topicIdsOfTag(trx, tagId)));
    for (const categoryId of change.categories) topicIds.push(...(await topicIdsOfCategory(trx, categoryId)));
    await indexTopics(trx, topicIds);
  },
};

/** Every topic of a category (and its subcategories): to re-index after a category rename. */
async function topicIdsOfCategory(db: Executor, categoryId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('topics')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('category_id', '=', categoryId),
        eb('category_id', 'in', eb.selectFrom('categories').select('id').where('parent_id', '=', categoryId)),
      ]),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** Every topic labelled with a tag: to re-index after a tag rename. */
async function topicIdsOfTag(db: Executor, tagId: number): Promise<number[]> {
  const rows = await db.selectFrom('topic_tags').select('topic_id').where('tag_id', '=', tagId).execute();
  return rows.map((row) => row.topic_id);
}

/** Empties and refills the whole index, a batch of topics at a time. Returns counts. */
export async function rebuildSearchIndex(db: Executor): Promise<{ topics: number; terms: number }> {
  await db.deleteFrom('search_terms').execute();
  const names = await loadCatalogueNames(db);
  let lastId = 0;
  let topics = 0;
  let terms = 0;
  for (;;) {
    const batch = await db
      .selectFrom('topics')
      .select('id')
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(TOPIC_BATCH)
      .execute();
    if (batch.length === 0) break;
    lastId = batch[batch.length - 1]?.id ?? lastId;
    const rows = await buildTerms(
      db,
      batch.map((row) => row.id),
      names,
    );
    await insertTerms(db, rows);
    topics += batch.length;
    terms += rows.length;
  }
  await bumpSearchIndexVersion(db);
  return { topics, terms };
}

/** True when topics exist but none is indexed (a database from before the index, or a bulk load). */
export async function isSearchIndexMissing(db: Executor): Promise<boolean> {
  const term = await db.selectFrom('search_terms').select('topic_id').limit(1).executeTakeFirst();
  if (term) return false;
  const topic = await db
    .selectFrom('topics')
    .select('id')
    .where('is_active', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return topic !== undefined;
}

/** The index version every cache of search compares (see the search_index_state migration). */
export async function searchIndexVersion(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('search_index_state')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.version ?? 0;
}
