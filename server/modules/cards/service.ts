import type { RankingEntryDto } from '../../../common/api/topics.js';
import { LANGUAGES, type Language } from '../../../common/constants.js';
import { CacheRegion } from '../../cache/budget.js';
import { cacheBudgetFor } from '../../cache/budget-for.js';
import type { ChangeSet, TopicAspect } from '../../changes/change-set.js';
import type { CommitSubscriber } from '../../changes/dispatcher.js';
import type { AppContext } from '../../context.js';
import { weakETag } from '../../http/public-reads.js';
import { cachedUiCatalog } from '../../web/boot-catalog.js';
import type { ShareImage } from '../../web/page-meta.js';
import { RankingsService } from '../rankings/service.js';
import { TopicsService } from '../topics/service.js';
import { CardRenderer } from './renderer.js';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  type CardModel,
  type CardPlace,
  cardAlt,
  cardTemplate,
  cardWords,
  HUB_CARD_ROWS,
} from './template.js';

/**
 * How long a card may be served after a change that may have moved what it shows: a burst of ballots
 * renews a card at most once in this time (docs/decisions/028). A served card shows the figures as they
 * stood at most this long ago.
 */
export const CARD_RENEWAL_MS = 10_000;

/** Changes that may move what a card shows: the figures, the names, the titles, a hub's sub-topics. */
const RENEWING_ASPECTS: ReadonlySet<TopicAspect> = new Set([
  'votes',
  'propositions',
  'texts',
  'subTopics',
  'subTopicVotes',
  'subTopicPropositions',
]);
/** Changes after which a card must not be served at all: the topic is gone or hidden. */
const DROPPING_ASPECTS: ReadonlySet<TopicAspect> = new Set(['deleted', 'status']);
/** A kept card's charge beside its PNG: its model, its key, its ETag. */
const CARD_OVERHEAD_BYTES = 2_048;

/** A card as it is kept and served. */
export interface ShareCard {
  png: Buffer;
  etag: string;
  /** The sentence its image says (og:image:alt). */
  alt: string;
}

interface KeptCard extends ShareCard {
  kind: CardModel['kind'];
  /** The model it was made from, as JSON: a renewal whose model is the same makes no image. */
  signature: string;
  /** When its model was read: it shows the figures as they stood then. */
  readAt: number;
  /** A change since `readAt` may have moved what it shows. */
  stale: boolean;
}

const cardKey = (topicId: number, language: Language) => `${topicId}:${language}`;

/** The public address of a topic's share card in `language` (og:image, oEmbed's thumbnail). */
export const shareCardUrl = (publicUrl: string, topicId: number, language: Language) =>
  `${publicUrl}/api/topics/${topicId}/card.png?lng=${language}`;

/**
 * Every topic's share card per language (issue 38), kept in the app's memory budget (decision 012) and
 * renewed by the change events (decision 028): a change that may move a card marks it stale; a stale card
 * is served as it is until CARD_RENEWAL_MS after its model was read, then its model is read again, and
 * only a model that differs (a figure of the podium, a name, a title moved) is drawn anew, on the worker.
 */
export class ShareCards {
  private readonly cards: CacheRegion<string, KeptCard>;
  /** Renewals under way, one per card: concurrent requests for a card being made wait for the one. */
  private readonly renewing = new Map<string, Promise<KeptCard>>();
  /** Counts the stale marks, so that a card whose model was read across a change is kept stale. */
  private changes = 0;
  private readonly topics: TopicsService;
  private readonly rankings: RankingsService;
  readonly renderer = new CardRenderer();
  /** Images drawn since the start (tests and the bench count renewals by it). */
  renders = 0;

  constructor(private readonly ctx: AppContext) {
    this.cards = new CacheRegion(cacheBudgetFor(ctx.db), 'cards');
    this.topics = new TopicsService(ctx);
    this.rankings = new RankingsService(ctx.db);
  }

  /** The topic's card in `language`; a 404 when the topic is not shown (missing, inactive). */
  async card(topicId: number, language: Language): Promise<ShareCard> {
    const key = cardKey(topicId, language);
    const kept = this.cards.get(key);
    if (kept && (!kept.stale || this.ctx.clock.now() - kept.readAt < CARD_RENEWAL_MS)) return kept;
    let renewal = this.renewing.get(key);
    if (!renewal) {
      renewal = this.renew(topicId, language, kept).finally(() => this.renewing.delete(key));
      this.renewing.set(key, renewal);
    }
    return renewal;
  }

  /** The card as a page's head names it: its address in `language`, its size, its alternative text. */
  async image(topicId: number, language: Language): Promise<ShareImage> {
    return {
      url: shareCardUrl(this.ctx.config.publicUrl, topicId, language),
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      alt: cardAlt(await this.model(topicId, language)),
    };
  }

  /** The card's words as text, from its SVG (a test's view of what the image shows). */
  async svg(topicId: number, language: Language): Promise<string> {
    return this.renderer.svg(cardTemplate(await this.model(topicId, language)));
  }

  /** The derived state's subscriber (server/derived-state.ts). */
  readonly follow: CommitSubscriber = (change: ChangeSet) => {
    if (change.isEverything || change.hasUiTexts) return this.markStale([...this.cards.keys()]);
    for (const topicId of change.topicsWith(DROPPING_ASPECTS))
      for (const language of LANGUAGES) this.cards.delete(cardKey(topicId, language));
    const moved = change.topicsWith(RENEWING_ASPECTS);
    if (moved.length === 0) return;
    const keys = moved.flatMap((topicId) => LANGUAGES.map((language) => cardKey(topicId, language)));
    // A sub-topic's title is on its hub's card, and its change names the sub-topic only (rare: a scan).
    if (change.topicsWith(TITLE_ASPECTS).length > 0)
      for (const key of this.cards.keys()) if (this.cards.peek(key)?.kind === 'hub') keys.push(key);
    this.markStale(keys);
  };

  close(): Promise<void> {
    return this.renderer.close();
  }

  /** Marks the cards kept under `keys` stale; a renewal under way that read its model before is kept stale. */
  private markStale(keys: readonly string[]): void {
    this.changes += 1;
    for (const key of keys) {
      const card = this.cards.peek(key);
      if (card) card.stale = true;
    }
  }

  private async renew(topicId: number, language: Language, kept: KeptCard | undefined): Promise<KeptCard> {
    const changesBefore = this.changes;
    const readAt = this.ctx.clock.now();
    let model: CardModel;
    try {
      model = await this.model(topicId, language);
    } catch (error) {
      this.cards.delete(cardKey(topicId, language));
      throw error;
    }
    const signature = JSON.stringify(model);
    let card: KeptCard;
    if (kept?.signature === signature) card = { ...kept, readAt, stale: false };
    else {
      try {
        this.renders += 1;
        const png = await this.renderer.png(cardTemplate(model));
        card = {
          png,
          etag: weakETag(png),
          alt: cardAlt(model),
          kind: model.kind,
          signature,
          readAt,
          stale: false,
        };
      } catch (error) {
        // At capacity or failed: the card kept, stale as it is, is better than none.
        if (kept) return kept;
        throw error;
      }
    }
    card.stale = this.changes !== changesBefore;
    this.cards.set(cardKey(topicId, language), card, { bytes: card.png.byteLength + CARD_OVERHEAD_BYTES });
    return card;
  }

  /** What the topic's card shows in `language`: a 404 (ApiError) when the topic is not shown. */
  private async model(topicId: number, language: Language): Promise<CardModel> {
    const [topic, catalog] = await Promise.all([
      this.topics.topic(String(topicId), language),
      cachedUiCatalog(this.ctx, language),
    ]);
    const words = cardWords(catalog);
    if (topic.isMainTopic) {
      const hub = await this.topics.hub(topic.id, language, {
        tagSlugs: [],
        offset: 0,
        limit: HUB_CARD_ROWS,
      });
      const leaders = hub.subTopics.map((sub) => ({
        topic: sub.title,
        leader: sub.podium[0] ? placeOf(sub.podium[0]) : null,
      }));
      return { kind: 'hub', language, title: topic.title, leaders, words };
    }
    const podium = (await this.rankings.podiums([topic.id])).get(topic.id) ?? [];
    return {
      kind: 'topic',
      language,
      title: topic.title,
      podium: podium.slice(0, 3).map((entry) => placeOf(entry)),
      words,
    };
  }
}

/** Aspects that change a topic's title (on a hub's card for a sub-topic). */
const TITLE_ASPECTS: ReadonlySet<TopicAspect> = new Set(['texts']);

function placeOf(entry: RankingEntryDto): CardPlace {
  return { rank: entry.rank, name: entry.itemName, points: entry.totalPoints };
}

const shareCards = new WeakMap<AppContext, ShareCards>();

/** The app's one ShareCards (its cache, its renderer), made on first use. */
export function shareCardsOf(ctx: AppContext): ShareCards {
  let cards = shareCards.get(ctx);
  if (!cards) {
    cards = new ShareCards(ctx);
    shareCards.set(ctx, cards);
  }
  return cards;
}
