import { LANGUAGES, type Language, ogLocale } from '../../common/languages.js';
import { CLIENT_ROUTES, type ClientRouteName } from '../../common/routes.js';
import { clip, escapeHtml } from './html.js';

export const BRAND = 'Podium';
/** What a search result or a link preview shows of a description at most. */
const DESCRIPTION_MAX = 300;

/** A page's public address in `language` (`?lng=`, which the server reads first), or with no language. */
export const pageUrl = (publicUrl: string, path: string, language?: Language) =>
  `${publicUrl}${path}${language ? `?lng=${language}` : ''}`;

/** A page's share image (a topic's card): its absolute address, its size and what it shows in a sentence. */
export interface ShareImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * The head tags of a page that has its own: its description, its canonical address and one per
 * language, and what a shared link's preview shows (Open Graph, Twitter: a large image for a page that
 * has one, the text summary otherwise). `title` is the page's own, without the brand.
 */
export function pageHeadTags(input: {
  title: string;
  description: string;
  path: string;
  language: Language;
  publicUrl: string;
  image?: ShareImage;
}): string[] {
  const { title, path, language, publicUrl, image } = input;
  const description = clip(input.description, DESCRIPTION_MAX);
  const canonical = pageUrl(publicUrl, path, language);
  const attr = escapeHtml;
  return [
    `<meta name="description" content="${attr(description)}">`,
    `<link rel="canonical" href="${attr(canonical)}">`,
    ...LANGUAGES.map(
      (lng) => `<link rel="alternate" hreflang="${lng}" href="${attr(pageUrl(publicUrl, path, lng))}">`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${attr(pageUrl(publicUrl, path))}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${BRAND}">`,
    `<meta property="og:title" content="${attr(title)}">`,
    `<meta property="og:description" content="${attr(description)}">`,
    `<meta property="og:url" content="${attr(canonical)}">`,
    `<meta property="og:locale" content="${ogLocale(language)}">`,
    ...LANGUAGES.filter((lng) => lng !== language).map(
      (lng) => `<meta property="og:locale:alternate" content="${ogLocale(lng)}">`,
    ),
    ...(image ? shareImageTags(image) : ['<meta name="twitter:card" content="summary">']),
    `<meta name="twitter:title" content="${attr(title)}">`,
    `<meta name="twitter:description" content="${attr(description)}">`,
  ];
}

/** Open Graph's image and Twitter's large image card. */
function shareImageTags(image: ShareImage): string[] {
  const attr = escapeHtml;
  return [
    `<meta property="og:image" content="${attr(image.url)}">`,
    `<meta property="og:image:width" content="${image.width}">`,
    `<meta property="og:image:height" content="${image.height}">`,
    '<meta property="og:image:type" content="image/png">',
    `<meta property="og:image:alt" content="${attr(image.alt)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:image" content="${attr(image.url)}">`,
    `<meta name="twitter:image:alt" content="${attr(image.alt)}">`,
  ];
}

/**
 * Pages whose title and description are interface texts (their catalog keys): served with their own
 * head in each language, an administrator's edit of the texts included, and listed in the sitemap.
 */
export const TEXT_PAGE_HEADS: Partial<Record<ClientRouteName, { title: string; description: string }>> = {
  methodology: { title: 'methodology.title', description: 'methodology.description' },
};

/** The head of a page of TEXT_PAGE_HEADS in `language`, from that language's UI catalog. */
export function textPageHeadTags(input: {
  route: ClientRouteName;
  keys: { title: string; description: string };
  catalog: Readonly<Record<string, string>>;
  language: Language;
  publicUrl: string;
}): { title: string; tags: string } {
  const { route, keys, catalog, language, publicUrl } = input;
  const title = catalog[keys.title] ?? BRAND;
  const tags = pageHeadTags({
    title,
    description: catalog[keys.description] ?? '',
    path: CLIENT_ROUTES[route].path,
    language,
    publicUrl,
  });
  return { title: `${title} · ${BRAND}`, tags: tags.join('\n    ') };
}
