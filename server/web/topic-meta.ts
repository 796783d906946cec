import type { RankingEntryDto, TopicDto } from '../../common/api/topics.js';
import type { Language } from '../../common/constants.js';
import { uiCatalog } from '../../common/i18n/index.js';
import { clip, escapeHtml, jsonForScript } from './html.js';
import { withHtmlLanguage } from './page-language.js';
import { BRAND, pageHeadTags, pageUrl, type ShareImage } from './page-meta.js';

/** A topic without a description is described by the shipped text of its language, its title put in. */
const fallbackDescription = (language: Language, title: string) =>
  (uiCatalog[language]['topic.meta.description'] ?? '').replace('{{title}}', title);
const JSON_LD_ITEMS = 50;

export const topicUrl = (publicUrl: string, id: number, language?: Language) =>
  pageUrl(publicUrl, `/topic/${id}`, language);

/** The oEmbed answer of a page (GET /api/oembed). */
export const oembedUrl = (publicUrl: string, page: string) =>
  `${publicUrl}/api/oembed?${new URLSearchParams({ url: page, format: 'json' })}`;

/** The head tags that make a shared or crawled topic link show its real title, text and ranking. */
export function topicHeadTags(input: {
  topic: TopicDto;
  rankings: readonly RankingEntryDto[];
  language: Language;
  publicUrl: string;
  /** The topic's share card (a hub's too). */
  image: ShareImage;
  /** Its podium feed (a topic that takes ballots), for feed readers' discovery. */
  feed?: FeedLink;
}): { title: string; tags: string } {
  const { topic, rankings, language, publicUrl, image, feed } = input;
  const title = `${topic.title} · ${BRAND}`;
  const description = clip(topic.description?.trim() || fallbackDescription(language, topic.title), 300);
  const canonical = topicUrl(publicUrl, topic.id, language);
  const lines = [
    ...pageHeadTags({
      title: topic.title,
      description,
      path: `/topic/${topic.id}`,
      language,
      publicUrl,
      image,
    }),
    // oEmbed discovery (decision 029): a site given this page's link finds its live embed.
    `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(oembedUrl(publicUrl, canonical))}" title="${escapeHtml(topic.title)}">`,
    ...(feed ? [feedLinkTag(feed)] : []),
    `<script type="application/ld+json">${jsonForScript(rankingJsonLd(topic, rankings, canonical, description))}</script>`,
  ];
  return { title, tags: lines.join('\n    ') };
}

/** A page's Atom feed: its address and its title in the page's language. */
export interface FeedLink {
  url: string;
  title: string;
}

/** Feed autodiscovery (decision 034): a feed reader given the page's address finds its feed. */
export const feedLinkTag = (feed: FeedLink) =>
  `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(feed.url)}">`;

function rankingJsonLd(
  topic: TopicDto,
  rankings: readonly RankingEntryDto[],
  url: string,
  description: string,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: topic.title,
    description,
    url,
    inLanguage: topic.language,
    itemListOrder: 'https://schema.org/ItemListOrderDescending',
    numberOfItems: rankings.length,
    itemListElement: rankings.slice(0, JSON_LD_ITEMS).map((entry, index) => ({
      '@type': 'ListItem',
      // The item's place in the list (schema.org numbers list items one by one); its rank, which tied
      // propositions share, is in the page.
      position: index + 1,
      name: entry.itemName,
      description: `${entry.totalPoints} points, ${entry.voteCount} votes`,
    })),
  };
}

/**
 * Rewrites the built index.html: language, title and head tags; the app itself is untouched.
 * Replacements are functions so a `$&` in a topic title is not read as a replacement pattern.
 */
export function renderIndex(
  template: string,
  page: { language: Language; title: string; tags: string },
): string {
  return withHtmlLanguage(template, page.language)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `  ${page.tags}\n  </head>`);
}

/** Adds tags at the end of a page's head (a replacement function: a `$&` in a name stays as written). */
export function withHeadTags(html: string, tags: string): string {
  return html.replace('</head>', () => `  ${tags}\n  </head>`);
}
