import { BASE_NAME_LANGUAGE, type Language } from '../../common/constants.js';
import { foldText, propositionKey, slugify } from '../../common/text/index.js';
import type { Executor } from '../db/executor.js';
import { readCacheFor } from '../db/read-cache.js';
import { newReadableId } from '../db/readable-id.js';
import { nowIso } from './wall-clock.js';

/**
 * Test data written straight into the database: categories, tags, topics with translations,
 * propositions with given running totals. Only tests and benchmarks import it. Writes behind the
 * API's back, so each one clears the read cache as an administrator's change would. As the texts
 * service does, a text in the entity's own language (English for categories and tags) is its base
 * text, never a translation.
 */
let sequence = 0;
const unique = (prefix: string) => `${prefix}-${++sequence}-${Math.random().toString(36).slice(2, 7)}`;

type Names = Partial<Record<Language, string>>;

async function addNames(
  db: Executor,
  entityType: 'topic' | 'category' | 'tag',
  id: number,
  key: string,
  names: Names,
) {
  const now = nowIso();
  const rows = Object.entries(names).map(([language, value]) => ({
    entity_type: entityType,
    entity_id: id,
    key,
    language,
    value: value as string,
    created_at: now,
    updated_at: now,
  }));
  if (rows.length > 0) await db.insertInto('translations').values(rows).execute();
  readCacheFor(db).clear();
}

/** The names other than the one in `own`, the language the base text is written in. */
function otherThan(own: string, names: Names = {}): Names {
  return Object.fromEntries(Object.entries(names).filter(([language]) => language !== own));
}

export async function makeCategory(db: Executor, options: { name?: string; names?: Names } = {}) {
  const name = options.names?.en ?? options.name ?? unique('Category');
  const row = await db
    .insertInto('categories')
    .values({ slug: slugify(`${name}-${++sequence}`), name, created_at: nowIso() })
    .returning(['id', 'slug', 'name'])
    .executeTakeFirstOrThrow();
  await addNames(db, 'category', row.id, 'name', otherThan(BASE_NAME_LANGUAGE, options.names));
  return row;
}

export async function makeTag(
  db: Executor,
  options: { name?: string; type?: string; categoryId?: number | null; names?: Names } = {},
) {
  const name = options.names?.en ?? options.name ?? unique('Tag');
  const row = await db
    .insertInto('tags')
    .values({
      slug: slugify(`${name}-${++sequence}`),
      name,
      type: options.type ?? 'OTHER',
      category_id: options.categoryId ?? null,
      created_at: nowIso(),
    })
    .returning(['id', 'slug', 'name', 'type'])
    .executeTakeFirstOrThrow();
  await addNames(db, 'tag', row.id, 'name', otherThan(BASE_NAME_LANGUAGE, options.names));
  return row;
}

export interface MakeTopicOptions {
  categoryId: number;
  title?: string;
  description?: string | null;
  language?: string;
  slug?: string;
  voteCount?: number;
  isActive?: boolean;
  isMain?: boolean;
  mainTopicId?: number | null;
  mandatoryTypes?: string[];
  tagIds?: number[];
  titles?: Names;
  descriptions?: Names;
}

export async function makeTopic(db: Executor, options: MakeTopicOptions) {
  const language = (options.language ?? 'fr') as keyof Names;
  const title = options.titles?.[language] ?? options.title ?? unique('Topic');
  const ownDescription = options.descriptions?.[language];
  const now = nowIso();
  const row = await db
    .insertInto('topics')
    .values({
      readable_id: newReadableId('T'),
      slug: options.slug ?? slugify(`${title}-${++sequence}`),
      title,
      title_key: foldText(title),
      description:
        ownDescription ?? (options.description === undefined ? `About ${title}` : options.description),
      language,
      category_id: options.categoryId,
      is_main: options.isMain ? 1 : 0,
      main_topic_id: options.mainTopicId ?? null,
      mandatory_types: JSON.stringify(options.mandatoryTypes ?? []),
      is_active: options.isActive === false ? 0 : 1,
      vote_count: options.voteCount ?? 0,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'slug', 'title', 'readable_id'])
    .executeTakeFirstOrThrow();
  for (const tagId of options.tagIds ?? []) {
    await db.insertInto('topic_tags').values({ topic_id: row.id, tag_id: tagId }).execute();
  }
  await addNames(db, 'topic', row.id, 'title', otherThan(language, options.titles));
  await addNames(db, 'topic', row.id, 'description', otherThan(language, options.descriptions));
  readCacheFor(db).clear();
  return row;
}

/** A proposition with its running totals; places are 1st/2nd/3rd counts, points derived from them. */
export async function makeProposition(
  db: Executor,
  topicId: number,
  name: string,
  places: { first?: number; second?: number; third?: number } = {},
) {
  const first = places.first ?? 0;
  const second = places.second ?? 0;
  const third = places.third ?? 0;
  readCacheFor(db).clear();
  return db
    .insertInto('propositions')
    .values({
      topic_id: topicId,
      name,
      name_key: propositionKey(name),
      first_count: first,
      second_count: second,
      third_count: third,
      total_points: 3 * first + 2 * second + third,
      vote_count: first + second + third,
      created_at: nowIso(),
      listed_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
