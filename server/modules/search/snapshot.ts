import { BASE_NAME_LANGUAGE, type Language } from '../../../common/constants.js';
import {
  type PreparedCandidate,
  prepareCandidate,
  type SearchCandidate,
  Vocabulary,
} from '../../../common/search/index.js';
import { foldText } from '../../../common/text/index.js';
import { type CacheBudget, CacheRegion } from '../../cache/budget.js';
import { cacheBudgetFor } from '../../cache/budget-for.js';
import { estimateBytes } from '../../cache/estimate.js';
import { FINDABLE_ASPECTS } from '../../changes/change-set.js';
import type { CommitSubscriber } from '../../changes/dispatcher.js';
import type { Executor } from '../../db/executor.js';
import { fallbackChain, pickText, type TextsByEntity } from '../texts/fallback.js';
import { readTranslations } from '../texts/service.js';
import { HubsRepository } from '../topics/hubs-repository.js';
import type { ScoredResult, TopicMatch } from './presentation.js';
import type { CatalogueRows, SearchRepository, TermLookup } from './repository.js';

/** Postings counted to rank query words by rarity. */
const FREQUENCY_CAP = 50_000;
/** What a query's entry is charged while it is being found (its key and record). */
const PENDING_QUERY_BYTES = 200;

export interface CategoryEntry {
  id: number;
  slug: string;
  name: string;
  parentId: number | null;
  parentName: string | null;
  isSystem: boolean;
  prepared: PreparedCandidate;
  /** Its names in every language (scoring tries them when the visitor's does not match). */
  everyLanguage: PreparedCandidate;
}

export interface TagEntry {
  id: number;
  slug: string;
  name: string;
  type: string;
  categoryId: number | null;
  categoryName: string | null;
  prepared: PreparedCandidate;
  everyLanguage: PreparedCandidate;
}

/** Categories and tags named in one language, prepared for scoring. */
export interface CatalogueView {
  categories: CategoryEntry[];
  tags: TagEntry[];
  categoryById: Map<number, CategoryEntry>;
  tagById: Map<number, TagEntry>;
}

/**
 * A topic's texts in one language, prepared for scoring. Vote counts change with every vote and
 * are not part of it.
 */
export interface TopicDoc {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  /** A main topic: a hub whose sub-topics hold the ballots. */
  isMainTopic: boolean;
  category: CategoryEntry | undefined;
  tags: TagEntry[];
  prepared: PreparedCandidate;
  /** Its texts, tags' and category's names in every language. */
  everyLanguage: PreparedCandidate;
}

/** What a query finds in one language, before votes (SearchSnapshot.matchesOf). */
export interface QueryMatches {
  /** Candidate topics with their scores, in candidate order. */
  topics: TopicMatch[];
  /** Categories, subcategories and tags the query finds. */
  catalogue: ScoredResult[];
}

export interface WordLookups {
  lookups: TermLookup[];
  /** Topics found, counted up to FREQUENCY_CAP: the rarest word drives the intersection. */
  frequency: number;
}

/**
 * What search keeps in memory per process, valid for one index version: the catalogue's names,
 * their views per language, the spelling vocabulary, per-word lookups and topic documents. Every
 * write that changes what a topic is found by bumps the version (the index follows the changes).
 */
export class SearchSnapshot {
  /** Slug and folded names in every language -> id. */
  readonly categoryKeys = new Map<string, number>();
  readonly tagKeys = new Map<string, number>();
  private readonly views = new Map<Language, CatalogueView>();
  /**
   * The query words, topic documents and query matches met so far are kept under the app's cache
   * budget (server/cache/budget.ts), beside the pages and rankings: the least recently used of all go
   * first. The catalogue's names and views are one per version and stay whole.
   */
  private readonly words: CacheRegion<string, WordLookups>;
  /** Per `${language}:${id}`. */
  private readonly topicDocs: CacheRegion<string, TopicDoc>;
  /** Per query and language, what it matched (the index and texts decide it, votes do not). */
  private readonly queries: CacheRegion<string, Promise<QueryMatches>>;
  /** Per main topic, its active sub-topics: only findable changes (which bump the version) move it. */
  private readonly subTopicCounts = new Map<number, number>();
  private spelling: Vocabulary | undefined;
  private readonly everyLanguageNames = new Map<string, PreparedCandidate>();
  private categoryRows: Map<number, CatalogueRows['categories'][number]> | undefined;

  constructor(
    readonly version: number,
    readonly rows: CatalogueRows,
    private readonly names: { category: TextsByEntity; tag: TextsByEntity },
    private readonly repository: SearchRepository,
    private readonly db: Executor,
    budget: CacheBudget,
  ) {
    this.words = new CacheRegion(budget, 'search-words');
    this.topicDocs = new CacheRegion(budget, 'search-documents');
    this.queries = new CacheRegion(budget, 'search-queries');
    for (const category of rows.categories) {
      this.categoryKeys.set(category.slug, category.id);
      for (const name of this.allNames('category', category.id, category.name)) {
        this.categoryKeys.set(foldText(name), category.id);
      }
    }
    for (const tag of rows.tags) {
      this.tagKeys.set(tag.slug, tag.id);
      for (const name of this.allNames('tag', tag.id, tag.name)) this.tagKeys.set(foldText(name), tag.id);
    }
  }

  static async load(
    version: number,
    db: Executor,
    repository: SearchRepository,
    budget: CacheBudget,
  ): Promise<SearchSnapshot> {
    const [rows, category, tag] = await Promise.all([
      repository.catalogue(),
      readTranslations(db, 'category', 'all', ['name']),
      readTranslations(db, 'tag', 'all', ['name']),
    ]);
    return new SearchSnapshot(version, rows, { category, tag }, repository, db, budget);
  }

  /** Gives back what it kept under the budget: a newer version replaced it. */
  release(): void {
    this.words.clear();
    this.topicDocs.clear();
    this.queries.clear();
  }

  private allNames(type: 'category' | 'tag', id: number, base: string): string[] {
    return [base, ...(this.names[type].get(id)?.get('name')?.values() ?? [])];
  }

  private nameIn(type: 'category' | 'tag', id: number, base: string, language: Language): string {
    return pickText(fallbackChain(language), this.names[type].get(id)?.get('name'), {
      text: base,
      language: BASE_NAME_LANGUAGE,
    }) as string;
  }

  /** Every name of a category (with its parent's) or of a tag, prepared once for any language. */
  private everyLanguageOf(
    type: 'category' | 'tag',
    row: { id: number; name: string; parent_id?: number | null },
  ) {
    const key = `${type}:${row.id}`;
    let prepared = this.everyLanguageNames.get(key);
    if (prepared === undefined) {
      this.categoryRows ??= new Map(this.rows.categories.map((category) => [category.id, category]));
      const parent = row.parent_id == null ? undefined : this.categoryRows.get(row.parent_id);
      prepared = prepareCandidate({
        type: type === 'tag' ? 'tag' : parent ? 'subcategory' : 'category',
        title: this.allNames(type, row.id, row.name).join(' '),
        categoryName: parent ? this.allNames('category', parent.id, parent.name).join(' ') : null,
      });
      this.everyLanguageNames.set(key, prepared);
    }
    return prepared;
  }

  view(language: Language): CatalogueView {
    const known = this.views.get(language);
    if (known) return known;
    const { rows } = this;
    const categoryName = new Map(
      rows.categories.map((c) => [c.id, this.nameIn('category', c.id, c.name, language)]),
    );
    const categories = rows.categories.map((row): CategoryEntry => {
      const name = categoryName.get(row.id) ?? row.name;
      const parentName = row.parent_id === null ? null : (categoryName.get(row.parent_id) ?? null);
      const candidate: SearchCandidate = {
        type: row.parent_id === null ? 'category' : 'subcategory',
        title: name,
        categoryName: parentName,
      };
      return {
        id: row.id,
        slug: row.slug,
        name,
        parentId: row.parent_id,
        parentName,
        isSystem: row.is_system === 1,
        prepared: prepareCandidate(candidate),
        everyLanguage: this.everyLanguageOf('category', row),
      };
    });
    const tags = rows.tags.map((row): TagEntry => {
      const name = this.nameIn('tag', row.id, row.name, language);
      return {
        id: row.id,
        slug: row.slug,
        name,
        type: row.type,
        categoryId: row.category_id,
        categoryName: row.category_id === null ? null : (categoryName.get(row.category_id) ?? null),
        prepared: prepareCandidate({ type: 'tag', title: name }),
        everyLanguage: this.everyLanguageOf('tag', row),
      };
    });
    const view: CatalogueView = {
      categories,
      tags,
      categoryById: new Map(categories.map((c) => [c.id, c])),
      tagById: new Map(tags.map((t) => [t.id, t])),
    };
    this.views.set(language, view);
    return view;
  }

  /** Spelling vocabulary: catalogue names (their accents kept for display) and indexed title words. */
  async vocabulary(): Promise<Vocabulary> {
    if (this.spelling) return this.spelling;
    const words = new Map<string, number>();
    for (const category of this.rows.categories) {
      for (const name of this.allNames('category', category.id, category.name)) words.set(name, 1);
    }
    for (const tag of this.rows.tags)
      for (const name of this.allNames('tag', tag.id, tag.name)) words.set(name, 1);
    for (const [term, frequency] of await this.repository.vocabularyWords()) {
      words.set(term, (words.get(term) ?? 0) + frequency);
    }
    this.spelling = new Vocabulary(words);
    return this.spelling;
  }

  /**
   * One query word's lookups, keeping only whole words the index holds: smart search tries eight
   * inflections per word and most do not exist, and every lookup left costs a probe per candidate
   * in the intersection. Prefix lookups stay as they are.
   */
  async wordLookups(group: readonly TermLookup[]): Promise<WordLookups> {
    const key = JSON.stringify(group);
    const known = this.words.get(key);
    if (known) return known;
    const existing = new Set(
      await this.repository.existingTerms(
        group.filter((lookup) => !lookup.prefix).map((lookup) => lookup.term),
      ),
    );
    const narrowed = group.filter((lookup) => lookup.prefix || existing.has(lookup.term));
    const word: WordLookups = {
      lookups: narrowed,
      frequency: narrowed.length === 0 ? 0 : await this.repository.groupFrequency(narrowed, FREQUENCY_CAP),
    };
    // Query words are unbounded; the counts are cheap to redo, memory is not.
    this.words.set(key, word, { bytes: 2 * key.length + estimateBytes(word) });
    return word;
  }

  /**
   * A query's matches (`key`: the query, its lookups and the language), found by `find` once per
   * version: a repeated search reads no posting and scores nothing. A failed read is forgotten, so
   * the next search tries again.
   */
  matchesOf(key: string, find: () => Promise<QueryMatches>): Promise<QueryMatches> {
    const known = this.queries.get(key);
    if (known) return known;
    const found = find();
    this.queries.set(key, found, { bytes: PENDING_QUERY_BYTES + 2 * key.length });
    found.then(
      (matches) => {
        if (this.queries.peek(key) === found)
          this.queries.recharge(key, { bytes: PENDING_QUERY_BYTES + 2 * key.length + matchesBytes(matches) });
      },
      () => {
        if (this.queries.peek(key) === found) this.queries.delete(key);
      },
    );
    return found;
  }

  /**
   * Main topic id -> active sub-topics, for these main topics. A sub-topic joins or leaves a hub's
   * count only by a findable change (created, status, deleted), which makes a new snapshot.
   */
  async activeSubTopicCounts(mainTopicIds: readonly number[]): Promise<Map<number, number>> {
    const missing = mainTopicIds.filter((id) => !this.subTopicCounts.has(id));
    if (missing.length > 0) {
      const read = await new HubsRepository(this.db).activeSubTopicCounts(missing);
      for (const id of missing) this.subTopicCounts.set(id, read.get(id) ?? 0);
    }
    return new Map(mainTopicIds.map((id) => [id, this.subTopicCounts.get(id) ?? 0]));
  }

  /** The topics' documents in one language: from memory, the missing ones read in one batch. */
  async documents(ids: readonly number[], language: Language): Promise<Map<number, TopicDoc>> {
    const docs = new Map<number, TopicDoc>();
    const missing: number[] = [];
    for (const id of ids) {
      const key = `${language}:${id}`;
      const doc = this.topicDocs.get(key);
      if (doc) {
        docs.set(id, doc);
      } else missing.push(id);
    }
    if (missing.length === 0) return docs;

    const view = this.view(language);
    const chain = fallbackChain(language);
    // Every language's texts: the visitor's is shown, the others find the topic too.
    const [topics, translations, tagIds] = await Promise.all([
      this.repository.topics(missing),
      readTranslations(this.db, 'topic', missing, ['title', 'description']),
      this.repository.topicTagIds(missing),
    ]);
    for (const topic of topics) {
      const translated = translations.get(topic.id);
      const base = (text: string | null) => ({ text, language: topic.language });
      const title = pickText(chain, translated?.get('title'), base(topic.title)) as string;
      const description = pickText(chain, translated?.get('description'), base(topic.description)) || null;
      const tags = (tagIds.get(topic.id) ?? []).flatMap((id) => {
        const tag = view.tagById.get(id);
        return tag ? [tag] : [];
      });
      const category = view.categoryById.get(topic.category_id);
      const everyText = (key: string, own: string | null) => [
        ...(own ? [own] : []),
        ...(translated?.get(key)?.values() ?? []),
      ];
      const doc: TopicDoc = {
        id: topic.id,
        slug: topic.slug,
        title,
        description,
        isMainTopic: topic.is_main === 1,
        category,
        tags,
        prepared: prepareCandidate({
          type: 'topic',
          title,
          description,
          tagNames: tags.map((tag) => tag.name),
          categoryName: category?.name ?? null,
          otherTexts: category?.parentName ? [category.parentName] : [],
        }),
        everyLanguage: prepareCandidate({
          type: 'topic',
          title: everyText('title', topic.title).join(' '),
          description: everyText('description', topic.description).join(' '),
          tagNames: tags.map((tag) => tag.everyLanguage.text),
          categoryName: category?.everyLanguage.categoryText ?? null,
        }),
      };
      this.topicDocs.set(`${language}:${topic.id}`, doc, { bytes: docBytes(doc) });
      docs.set(topic.id, doc);
    }
    return docs;
  }
}

/** A topic document's own size: its category and tags are the view's, shared by every document. */
const docBytes = (doc: TopicDoc) =>
  estimateBytes({ ...doc, category: undefined, tags: undefined }) + 8 * (doc.tags.length + 1);

/** A query's matches: their documents are the snapshot's, charged there. */
const matchesBytes = (matches: QueryMatches) =>
  matches.topics.reduce((sum, { match }) => sum + 16 + estimateBytes(match), 0) +
  estimateBytes(matches.catalogue);

/**
 * How long a snapshot is trusted without reading the index's version, when no change was heard. The
 * changes tell this process at once (here, or through the cluster channel from another app server);
 * this only bounds what a missed notification could cost, as the read cache's lifetime does.
 */
export const SNAPSHOT_TRUST_MS = 1000;

/**
 * The snapshot of the index's current version. It follows the changes: a findable change (here or on
 * another app server) makes the next search read the version, and so does a second without one.
 */
export class SearchSnapshots {
  private snapshot: SearchSnapshot | undefined;
  private loading: Promise<SearchSnapshot> | undefined;
  /** When the version was last read, and whether a findable change was heard since. */
  private checkedAt = Number.NEGATIVE_INFINITY;
  private changed = true;

  constructor(
    private readonly db: Executor,
    private readonly repository: SearchRepository,
  ) {}

  async current(): Promise<SearchSnapshot> {
    if (this.snapshot && !this.changed && performance.now() - this.checkedAt < SNAPSHOT_TRUST_MS) {
      return this.snapshot;
    }
    // Cleared before the read: a change heard while it runs is read again by the next search.
    this.changed = false;
    const checkedAt = performance.now();
    const version = await this.repository.indexVersion().catch((error: unknown) => {
      this.changed = true;
      throw error;
    });
    this.checkedAt = Math.max(this.checkedAt, checkedAt);
    for (;;) {
      if (this.snapshot && this.snapshot.version >= version) return this.snapshot;
      // A load begun before the index changed again holds an older version: then load this one.
      const loaded = await (this.loading ?? this.load(version));
      if (loaded.version >= version) return loaded;
    }
  }

  /** The changes subscriber (server/derived-state.ts). */
  readonly follow: CommitSubscriber = (change) => {
    if (change.touches(FINDABLE_ASPECTS)) this.changed = true;
  };

  private load(version: number): Promise<SearchSnapshot> {
    const loading = SearchSnapshot.load(version, this.db, this.repository, cacheBudgetFor(this.db))
      .then((loaded) => {
        if ((this.snapshot?.version ?? -1) < loaded.version) {
          this.snapshot?.release();
          this.snapshot = loaded;
        }
        return loaded;
      })
      .finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
    this.loading = loading;
    return loading;
  }
}
