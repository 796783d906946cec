import { type RawBuilder, sql } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { executePrepared } from '../../db/prepared-statements.js';

/**
 * Id lists of reads by primary key are padded to this length (repeating their last id), so one
 * prepared statement serves every search on PostgreSQL instead of one text per list length.
 */
const ID_LIST_LENGTH = 64;

function paddedIds(ids: readonly number[]): number[] {
  const padded = [...ids];
  const last = ids[ids.length - 1] as number;
  while (padded.length % ID_LIST_LENGTH !== 0) padded.push(last);
  return padded;
}

/** One index lookup: a whole folded word, or a word start (the range scan of a prefix). */
export interface TermLookup {
  term: string;
  prefix: boolean;
  /** The query word it stands for: a topic counts once per query word found. */
  group: number;
}

/** Categories and tags with their base (English) names; their other names come from the texts service. */
export interface CatalogueRows {
  categories: { id: number; slug: string; name: string; parent_id: number | null; is_system: number }[];
  tags: { id: number; slug: string; name: string; type: string; category_id: number | null }[];
}

export interface TopicRowForSearch {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  language: string;
  category_id: number;
  is_main: number;
}

/** All SQL of search (texts other than base ones come from the texts service). */
export class SearchRepository {
  constructor(
    private readonly db: Executor,
    private readonly kind: DatabaseKind,
  ) {}

  /**
   * How many topics a query word's lookups find, counted up to `cap` (only the order of magnitude
   * matters: it picks the rarest word to drive the intersection).
   */
  async groupFrequency(lookups: readonly TermLookup[], cap: number): Promise<number> {
    const result = await sql<{ n: number }>`
      select count(*) as n from (select 1 from search_terms where ${termCondition(lookups, 'search_terms')} limit ${cap}) hits`.execute(
      this.db,
    );
    return Number(result.rows[0]?.n ?? 0);
  }

  /**
   * Topic ids found by every group of lookups (one group per query word), at most `limit`, lowest
   * ids first. Each database gets the plan it runs best, measured on the 100,000-topic bench set:
   * SQLite merges the groups' postings (each one range of the primary key, already in id order)
   * with INTERSECT three to four times faster than it probes; PostgreSQL answers the semi-join
   * (the rarest word's postings, each checked against the other words) four to twenty times
   * faster than its INTERSECT, which hashes every posting of every word. It gets neither ORDER BY
   * nor DISTINCT (see `firstDistinct`): with either, PostgreSQL walks the topic index and filters
   * every posting (16 to 22 ms instead of 0.1 ms for "crep" and its inflections), so which
   * candidates fill the limit is the primary key's order.
   */
  async topicIdsWithAll(groups: readonly (readonly TermLookup[])[], limit: number): Promise<number[]> {
    const [driver, ...others] = groups;
    if (!driver) return [];
    // One word: its postings, read up to `limit` per lookup (a topic has one per form it holds, so a
    // plain LIMIT of `limit` rows found 30 topics for "restaurant", "restaurants", "restaurantes").
    if (others.length === 0) return this.topicIdsWithAny(driver, limit);
    let query: RawBuilder<{ topic_id: number }>;
    if (this.kind === 'sqlite') {
      const postings = groups.map(
        (group) => sql`select topic_id from search_terms where ${termCondition(group, 'search_terms')}`,
      );
      query = sql`select topic_id from (${sql.join(postings, sql` intersect `)}) hits order by topic_id limit ${limit}`;
    } else {
      const checks = others.map(
        (group) =>
          sql`exists (select 1 from search_terms o where o.topic_id = d.topic_id and ${termCondition(group, 'o')})`,
      );
      query = sql`select d.topic_id from search_terms d
        where ${termCondition(driver, 'd')}${checks.length > 0 ? sql` and ${sql.join(checks, sql` and `)}` : sql``}
        limit ${limit * driver.length}`;
    }
    const result = await query.execute(this.db);
    return firstDistinct(result.rows, limit);
  }

  /** Topic ids found by any lookup of one group, at most `limit` (no DISTINCT: see above). */
  async topicIdsWithAny(group: readonly TermLookup[], limit: number): Promise<number[]> {
    const result = await sql<{ topic_id: number }>`
      select topic_id from search_terms where ${termCondition(group, 'search_terms')}
      limit ${limit * group.length}`.execute(this.db);
    return firstDistinct(result.rows, limit);
  }

  /** Which of these whole words the index holds (one primary-key probe each). */
  async existingTerms(terms: readonly string[]): Promise<string[]> {
    if (terms.length === 0) return [];
    const candidates = sql.join(
      terms.map((term) => sql`select ${term} as term`),
      sql` union all `,
    );
    const result = await sql<{ term: string }>`
      select c.term from (${candidates}) c
      where exists (select 1 from search_terms s where s.term = c.term)`.execute(this.db);
    return result.rows.map((row) => row.term);
  }

  /** id -> vote count of those of these topics that are active. */
  async activeTopicVoteCounts(ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await executePrepared(
      this.db,
      this.db
        .selectFrom('topics')
        .select(['id', 'vote_count'])
        .where('id', 'in', paddedIds(ids))
        .where('is_active', '=', 1),
    );
    return new Map(rows.map((row) => [row.id, row.vote_count]));
  }

  async topics(ids: readonly number[]): Promise<TopicRowForSearch[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('topics')
      .select(['id', 'slug', 'title', 'description', 'language', 'category_id', 'is_main'])
      .where('id', 'in', [...ids])
      .where('is_active', '=', 1)
      .execute();
  }

  async topicTagIds(ids: readonly number[]): Promise<Map<number, number[]>> {
    const byTopic = new Map<number, number[]>();
    if (ids.length === 0) return byTopic;
    const rows = await this.db
      .selectFrom('topic_tags')
      .select(['topic_id', 'tag_id'])
      .where('topic_id', 'in', [...ids])
      .execute();
    for (const row of rows) {
      const list = byTopic.get(row.topic_id);
      if (list) list.push(row.tag_id);
      else byTopic.set(row.topic_id, [row.tag_id]);
    }
    return byTopic;
  }

  /** Active topics of these categories, most voted first. */
  async topicIdsInCategories(categoryIds: readonly number[], limit: number): Promise<number[]> {
    if (categoryIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('topics')
      .select('id')
      .where('category_id', 'in', [...categoryIds])
      .where('is_active', '=', 1)
      .orderBy('vote_count', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Active topics labelled with this tag, most voted first. */
  async topicIdsWithTag(tagId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('topic_tags')
      .innerJoin('topics', 'topics.id', 'topic_tags.topic_id')
      .select('topics.id')
      .where('topic_tags.tag_id', '=', tagId)
      .where('topics.is_active', '=', 1)
      .orderBy('topics.vote_count', 'desc')
      .orderBy('topics.id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  async catalogue(): Promise<CatalogueRows> {
    const [categories, tags] = await Promise.all([
      this.db.selectFrom('categories').select(['id', 'slug', 'name', 'parent_id', 'is_system']).execute(),
      this.db.selectFrom('tags').select(['id', 'slug', 'name', 'type', 'category_id']).execute(),
    ]);
    return { categories, tags };
  }

  /** Folded words of titles, tags and categories (weight 2 and up) with the number of topics using each. */
  async vocabularyWords(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('search_terms')
      .select(['term', (eb) => eb.fn.countAll<number>().as('frequency')])
      .where('weight', '>=', 2)
      .groupBy('term')
      .execute();
    return new Map(rows.map((row) => [row.term, Number(row.frequency)]));
  }

  /** Every indexed word with its number of postings (the typo vocabulary's full load). */
  async termCounts(): Promise<[string, number][]> {
    const rows = await this.db
      .selectFrom('search_terms')
      .select(['term', (eb) => eb.fn.countAll<number>().as('postings')])
      .groupBy('term')
      .execute();
    return rows.map((row) => [row.term, Number(row.postings)]);
  }

  /** The indexed words of these topics (what a change may have added to the vocabulary). */
  async termsOfTopics(ids: readonly number[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('search_terms')
      .select('term')
      .distinct()
      .where('topic_id', 'in', [...ids])
      .execute();
    return rows.map((row) => row.term);
  }

  async indexVersion(): Promise<number> {
    const [row] = await executePrepared(
      this.db,
      this.db.selectFrom('search_index_state').select('version').where('id', '=', 1),
    );
    return row?.version ?? 0;
  }
}

/**
 * The first `limit` distinct topic ids of posting rows. A topic has one row per term, so rows read
 * up to `limit` times the number of lookups always hold `limit` distinct topics when there are
 * that many.
 */
function firstDistinct(rows: readonly { topic_id: number }[], limit: number): number[] {
  const ids = new Set<number>();
  for (const row of rows) {
    if (ids.size >= limit) break;
    ids.add(Number(row.topic_id));
  }
  return [...ids];
}

/** `term = ?` for whole words, `term >= ? and term < ?` for word starts, or-ed together. */
function termCondition(lookups: readonly TermLookup[], table: string) {
  const column = sql.ref(`${table}.term`);
  const exact = lookups.filter((lookup) => !lookup.prefix).map((lookup) => lookup.term);
  const parts = lookups
    .filter((lookup) => lookup.prefix)
    .map((lookup) => sql`(${column} >= ${lookup.term} and ${column} < ${`${lookup.term}\uffff`})`);
  if (exact.length === 1) parts.unshift(sql`${column} = ${exact[0]}`);
  else if (exact.length > 1) parts.unshift(sql`${column} in (${sql.join(exact)})`);
  return parts.length === 1 ? (parts[0] as ReturnType<typeof sql>) : sql`(${sql.join(parts, sql` or `)})`;
}
