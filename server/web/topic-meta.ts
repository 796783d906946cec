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
}): { title: string; tags: string } {
  const { topic, rankings, language, publicUrl, image } = input;
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
    `<script type="application/ld+json">${jsonForScript(rankingJsonLd(topic, rankings, canonical, description))}</script>`,
  ];
  return { title, tags: lines.join('\n    ') };
}

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
