/**
 * A ranking embedded in another site (issue 38 part 2, docs/decisions/029): its address, its options and
 * the iframe that shows it, written once for the server (the embed page, oEmbed) and the Share dialog.
 * No zod here: the topic page's bundle imports it.
 */
import type { Language } from './constants.js';
import { escapeHtml } from './text/escape-html.js';

export const EMBED_THEMES = ['auto', 'light', 'dark'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

/** Rows an embed shows: `?limit=` within these bounds, 10 without it. */
export const EMBED_LIMIT = { min: 3, max: 20, default: 10 } as const;

/** The iframe's size when the embedding site asks for none (oEmbed's maxwidth/maxheight only shrink it). */
export const EMBED_SIZE = { width: 480, height: 720 } as const;

export const EMBED_PATH_PREFIX = '/embed/';

/** The embed page of a topic's ranking. `origin` is the site's public address (no trailing slash). */
export function embedUrl(
  origin: string,
  topicId: number,
  options: { language: Language; theme?: EmbedTheme; limit?: number },
): string {
  const params = new URLSearchParams({ lng: options.language });
  if (options.theme && options.theme !== 'auto') params.set('theme', options.theme);
  if (options.limit !== undefined && options.limit !== EMBED_LIMIT.default)
    params.set('limit', String(options.limit));
  return `${origin}${EMBED_PATH_PREFIX}topic/${topicId}?${params}`;
}

/**
 * The HTML another site pastes (the Share dialog) or receives (oEmbed's `html`): an iframe of the embed
 * page, with a title that names it for screen readers, lazily loaded, without a border.
 */
export function embedCode(input: { src: string; title: string; width: number; height: number }): string {
  return (
    `<iframe src="${escapeHtml(input.src)}" title="${escapeHtml(input.title)}" ` +
    `width="${input.width}" height="${input.height}" style="border:0;max-width:100%" loading="lazy"></iframe>`
  );
}
