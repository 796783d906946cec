import { Feed, type FeedOptions, type Item } from 'feed';
import type { TopicDto } from '../../../common/api/topics.js';
import { BASE_NAME_LANGUAGE, type Language } from '../../../common/constants.js';
import { DAY_MS, dayOf } from '../../../common/history/days.js';
import type { AppContext } from '../../context.js';
import { readCacheFor } from '../../db/read-cache.js';
import { errors } from '../../http/errors.js';
import { cachedUiCatalog } from '../../web/boot-catalog.js';
import { escapeHtml } from '../../web/html.js';
import { BRAND, pageUrl } from '../../web/page-meta.js';
import { type FeedLink, topicUrl } from '../../web/topic-meta.js';
import { RankingsService } from '../rankings/service.js';
import { fillText } from '../texts/fill.js';
import { TopicsService } from '../topics/service.js';
import { leaders, type PodiumChange, type PodiumPlace, podiumChanges } from './podium-changes.js';
import { FeedsRepository } from './repository.js';

/** Entries a feed holds at most, newest first. */
export const FEED_ENTRIES = 50;
/** Ranking rows read for the podium now: ties for 3rd beyond this are left out (the page's head reads as many). */
const RANKING_ROWS = 50;
/**
 * A topic's podiums in its history change only when the daily job writes (or a proposition goes): kept a
 * minute under the topic and the last day a snapshot can have, like the rank history's answer (decision
 * 023), so a feed read costs the standing now and the document, not a read of every snapshot.
 */
const SNAPSHOTS_TTL_MS = 60_000;
/** The media type of an Atom document (RFC 4287 section 7). */
export const ATOM_MEDIA_TYPE = 'application/atom+xml; charset=utf-8';
/**
 * The date of the feeds' tag: URIs (RFC 4151): fixed, so an id never changes. Their authority is the host
 * of PUBLIC_URL: a feed moved to another host is another feed.
 */
const TAG_DATE = '2026';

/** A topic's podium feed, in `language`. */
export const topicFeedUrl = (publicUrl: string, topicId: number, language: Language) =>
  `${publicUrl}/api/topics/${topicId}/feed.atom?lng=${language}`;
/** A category's new-topics feed, in `language`. */
export const categoryFeedUrl = (publicUrl: string, categoryId: number, language: Language) =>
  `${publicUrl}/api/categories/${categoryId}/feed.atom?lng=${language}`;

/**
 * Whether XML 1.0 can carry the code point (not a C0 control but tab and line ends, not U+FFFE/FFFF, not a
 * lone surrogate): a title with another would make the whole document unreadable.
 */
const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  code >= 0x10000;
/** `text` without what XML cannot carry. */
const xmlText = (text: string) =>
  Array.from(text)
    .filter((char) => isXmlChar(char.codePointAt(0) ?? 0))
    .join('');
/**
 * An entry's title or summary: the library writes them as `type="html"`, so plain text is escaped as
 * HTML once (a proposition named `<b>` reads as typed, never as markup in a reader).
 */
const htmlText = (text: string) => escapeHtml(xmlText(text));

/**
 * Atom feeds (RFC 4287, issue 39 part 4, decision 034): a topic's podium changes from its rank history
 * and its standing now; a category's newest topics. Built with the `feed` library; texts in the asked
 * language from the UI catalog (administrators' edits included).
 */
export class FeedsService {
  private readonly repository: FeedsRepository;
  private readonly topics: TopicsService;
  private readonly rankings: RankingsService;

  constructor(private readonly ctx: AppContext) {
    this.repository = new FeedsRepository(ctx.db);
    this.topics = new TopicsService(ctx);
    this.rankings = new RankingsService(ctx.db);
  }

  /** The podium feed of a topic that takes ballots; 404 for an unknown, inactive or main topic. */
  async topicFeed(topicId: number, language: Language): Promise<string> {
    const topic = await this.topics.topic(String(topicId), language);
    // A main topic takes no ballots: it has no podium (its sub-topics each have theirs).
    if (topic.isMainTopic) throw errors.notFound('Topic');
    const [snapshots, ranking, createdAt, catalog] = await Promise.all([
      readCacheFor(this.ctx.db).get(
        `feed-podiums:${topic.id}:${dayOf(this.ctx.clock.now() - DAY_MS)}`,
        () => this.repository.podiumSnapshots(topic.id),
        { ttlMs: SNAPSHOTS_TTL_MS },
      ),
      this.rankings.ranking(topic.id, RANKING_ROWS),
      this.repository.activeTopicCreatedAt(topic.id),
      cachedUiCatalog(this.ctx, language),
    ]);
    const now: PodiumPlace[] = ranking.rankings
      .filter((entry) => entry.totalPoints > 0 && entry.rank <= 3)
      .map((entry) => ({
        propositionId: entry.id,
        rank: entry.rank,
        name: entry.itemName,
        points: entry.totalPoints,
      }));
    // The standing now is seen at the last vote: the same bytes at every read until a ballot moves it.
    const changes = podiumChanges(
      snapshots,
      { places: now, updated: topic.lastVoteAt ?? createdAt ?? this.ctx.clock.nowIso() },
      FEED_ENTRIES,
    );
    const { publicUrl } = this.ctx.config;
    const page = topicUrl(publicUrl, topic.id, language);
    const feed = this.feed(language, {
      id: this.tag(`topics/${topic.id}/podium/${language}`),
      title: xmlText(`${BRAND} · ${topic.title}`),
      description: xmlText(fillText(catalog['feed.topic.subtitle'] ?? '', { title: topic.title })),
      link: page,
      feedLinks: { atom: topicFeedUrl(publicUrl, topic.id, language) },
      updated: new Date(changes[0]?.updated ?? createdAt ?? this.ctx.clock.nowIso()),
    });
    const words = new PodiumWords(catalog, language);
    for (const change of changes)
      feed.addItem({
        id: this.tag(`topics/${topic.id}/podium/${language}/${change.after ?? 'start'}/${change.key}`),
        title: htmlText(words.title(change)),
        link: page,
        date: new Date(change.updated),
        ...(change.places.length > 0 && { description: htmlText(words.places(change.places)) }),
      });
    return atomWithLanguage(feed, language);
  }

  /** The new-topics feed of a category (its subcategories' topics too); 404 for an unknown category. */
  async categoryFeed(categoryId: number, language: Language): Promise<string> {
    const category = await this.repository.categoryWithChildren(categoryId);
    if (!category) throw errors.notFound('Category');
    const [rows, names, catalog] = await Promise.all([
      this.repository.newestTopics([category.id, ...category.childIds], FEED_ENTRIES),
      this.ctx.texts.picker('category', [category.id], language),
      cachedUiCatalog(this.ctx, language),
    ]);
    const name = names.pick(category.id, 'name', { text: category.name, language: BASE_NAME_LANGUAGE });
    const summaries = await this.topics.summaries.summaries(rows, language);
    const { publicUrl } = this.ctx.config;
    const feed = this.feed(language, {
      id: this.tag(`categories/${category.id}/topics/${language}`),
      title: xmlText(`${BRAND} · ${name}`),
      description: xmlText(fillText(catalog['feed.category.subtitle'] ?? '', { name })),
      link: categoryPageUrl(publicUrl, name, language),
      feedLinks: { atom: categoryFeedUrl(publicUrl, category.id, language) },
      updated: new Date(rows[0]?.created_at ?? category.createdAt),
    });
    for (const [index, topic] of summaries.entries()) {
      const created = new Date(rows[index]?.created_at ?? category.createdAt);
      const item: Item = {
        id: this.tag(`topics/${topic.id}/${language}`),
        title: htmlText(topic.title),
        link: topicUrl(publicUrl, topic.id, language),
        date: created,
        published: created,
      };
      if (topic.description?.trim()) item.description = htmlText(topic.description);
      feed.addItem(item);
    }
    return atomWithLanguage(feed, language);
  }

  /** A topic page's feed (its podium's) as its head names it; none for a main topic, which has no podium. */
  async topicFeedLink(topic: TopicDto, language: Language): Promise<FeedLink | undefined> {
    if (topic.isMainTopic) return undefined;
    const catalog = await cachedUiCatalog(this.ctx, language);
    return {
      url: topicFeedUrl(this.ctx.config.publicUrl, topic.id, language),
      title: fillText(catalog['feed.topic.linkTitle'] ?? '', { title: topic.title }),
    };
  }

  /** A category page's feed (its new topics') as its head names it; none for an unknown category. */
  async categoryFeedLink(categoryId: number, language: Language): Promise<FeedLink | undefined> {
    const category = await this.repository.categoryWithChildren(categoryId);
    if (!category) return undefined;
    const [names, catalog] = await Promise.all([
      this.ctx.texts.picker('category', [category.id], language),
      cachedUiCatalog(this.ctx, language),
    ]);
    const name = names.pick(category.id, 'name', { text: category.name, language: BASE_NAME_LANGUAGE });
    return {
      url: categoryFeedUrl(this.ctx.config.publicUrl, category.id, language),
      title: fillText(catalog['feed.category.linkTitle'] ?? '', { name }),
    };
  }

  /** A feed with what every Podium feed says: the brand as author and generator. */
  private feed(language: Language, options: FeedOptions): Feed {
    const { publicUrl } = this.ctx.config;
    return new Feed({
      ...options,
      language,
      author: { name: BRAND, link: pageUrl(publicUrl, '/', language) },
      generator: BRAND,
    });
  }

  /** A tag: URI (RFC 4151) under this site's host. */
  private tag(specific: string): string {
    return `tag:${new URL(this.ctx.config.publicUrl).hostname},${TAG_DATE}:${specific}`;
  }
}

/** A category's page in `language`: the search page filtered by its name, as the app links it. */
export const categoryPageUrl = (publicUrl: string, name: string, language: Language) =>
  `${publicUrl}/search?${new URLSearchParams({ category: name, lng: language })}`;

/** The podium entries' words in one language. */
class PodiumWords {
  // Made once per feed: an Intl object costs far more to make than to use (150 points in a feed).
  private readonly plurals: Intl.PluralRules;
  private readonly numbers: Intl.NumberFormat;

  constructor(
    private readonly catalog: Readonly<Record<string, string>>,
    language: Language,
  ) {
    this.plurals = new Intl.PluralRules(language);
    this.numbers = new Intl.NumberFormat(language);
  }

  /** "New leader: X (12 points)" when one proposition took 1st alone, else the whole podium. */
  title(change: PodiumChange): string {
    if (change.places.length === 0) return this.text('feed.entry.empty', {});
    const now = leaders(change.places);
    const leader = change.places.find((place) => place.rank === 1);
    if (now.length === 1 && leader && now.join() !== leaders(change.previous).join())
      return this.text('feed.entry.newLeader', { name: leader.name, points: this.points(leader.points) });
    return this.text('feed.entry.podium', { places: this.places(change.places) });
  }

  /** "1. X (12 points), 2. Y (9 points), 3. Z (4 points)". */
  places(places: readonly PodiumPlace[]): string {
    return places.map((place) => `${place.rank}. ${place.name} (${this.points(place.points)})`).join(', ');
  }

  /** "12 points" in the language (the share card's words, Intl's plural rules and digits). */
  private points(points: number): string {
    const plural = this.plurals.select(points);
    return this.text(plural === 'one' ? 'card.points_one' : 'card.points_other', {
      count: this.numbers.format(points),
    });
  }

  private text(key: string, values: Record<string, string>): string {
    return fillText(this.catalog[key] ?? key, values);
  }
}

/**
 * The feed's Atom document with `xml:lang` on its root: the library writes the language into RSS only,
 * and Atom says it with this attribute (RFC 4287 section 2), which every element inherits.
 */
function atomWithLanguage(feed: Feed, language: Language): string {
  const root = '<feed xmlns="http://www.w3.org/2005/Atom">';
  const xml = feed.atom1();
  if (!xml.includes(root)) throw new Error('the feed library wrote an Atom root this code does not know');
  return xml.replace(root, () => `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${language}">`);
}
