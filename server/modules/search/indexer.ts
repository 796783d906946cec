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
import { SearchIndexRepository, type SearchTermRow } from './index-repository.js';

export const TERM_WEIGHT = { title: 4, tag: 3, category: 2, description: 1 } as const;
/** Words longer than this are not indexed (no one types them; keeps the key short). */
export const MAX_TERM_LENGTH = 64;
const MIN_TERM_LENGTH = 2;
/** Topic ids per read while indexing: keeps IN lists and memory small. */
const TOPIC_BATCH = 500;

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
  const [[categories, tags], categoryTexts, tagTexts] = await Promise.all([
    new SearchIndexRepository(db).catalogue(),
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
  const index = new SearchIndexRepository(db);
  const [topics, translations, topicTags] = await Promise.all([
    index.activeTopics(topicIds),
    readTranslations(db, 'topic', topicIds, ['title', 'description']),
    index.tagsOfTopics(topicIds),
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

/**
 * Re-indexes these topics (deleted or deactivated ones just leave the index). Safe inside a
 * transaction: pass the transaction so the index changes with the data.
 */
export async function indexTopics(db: Executor, topicIds: readonly number[]): Promise<void> {
  const index = new SearchIndexRepository(db);
  const unique = [...new Set(topicIds)];
  const names = await loadCatalogueNames(db);
  for (let i = 0; i < unique.length; i += TOPIC_BATCH) {
    const batch = unique.slice(i, i + TOPIC_BATCH);
    await index.deleteTerms(batch);
    await index.insertTerms(await buildTerms(db, batch, names));
  }
  await index.bumpVersion();
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
    const index = new SearchIndexRepository(trx);
    const topicIds = change.topicsWith(FINDABLE_ASPECTS);
    for (const tagId of change.tags) topicIds.push(...(await index.topicIdsOfTag(tagId)));
    for (const categoryId of change.categories)
      topicIds.push(...(await index.topicIdsOfCategory(categoryId)));
    await indexTopics(trx, topicIds);
  },
};

/** Empties and refills the whole index, a batch of topics at a time. Returns counts. */
export async function rebuildSearchIndex(db: Executor): Promise<{ topics: number; terms: number }> {
  const index = new SearchIndexRepository(db);
  await index.deleteTerms('all');
  const names = await loadCatalogueNames(db);
  let lastId = 0;
  let topics = 0;
  let terms = 0;
  for (;;) {
    const batch = await index.topicIdsAfter(lastId, TOPIC_BATCH);
    if (batch.length === 0) break;
    lastId = batch[batch.length - 1] ?? lastId;
    const rows = await buildTerms(db, batch, names);
    await index.insertTerms(rows);
    topics += batch.length;
    terms += rows.length;
  }
  await index.bumpVersion();
  return { topics, terms };
}
