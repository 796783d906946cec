import type { OEmbedDto, oembedQuery } from '../../../common/api/oembed.js';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/constants.js';
import { EMBED_SIZE, embedCode, embedUrl } from '../../../common/embed.js';
import { matchClientRoute } from '../../../common/routes.js';
import type { AppContext } from '../../context.js';
import { errors } from '../../http/errors.js';
import { cachedUiCatalog } from '../../web/boot-catalog.js';
import { shareCardUrl } from '../cards/service.js';
import { CARD_HEIGHT, CARD_WIDTH } from '../cards/template.js';
import { TopicsService } from '../topics/service.js';

type OEmbedQuery = ReturnType<typeof oembedQuery.parse>;

/**
 * The oEmbed answer of a topic page (docs/decisions/029): a "rich" embed whose html is the same iframe the
 * Share dialog gives (common/embed.ts), in the page's language (`?lng=` of the asked URL, else the site's
 * default), at most as large as asked.
 */
export class OEmbeds {
  private readonly topics: TopicsService;

  constructor(private readonly ctx: AppContext) {
    this.topics = new TopicsService(ctx);
  }

  async of(query: OEmbedQuery): Promise<OEmbedDto> {
    const format = (query.format ?? 'json').toLowerCase();
    if (format === 'xml') throw errors.notImplemented('Only format=json is offered');
    if (format !== 'json') throw errors.validation('format must be json', 'format');
    const { slug, language } = this.topicPage(query.url);
    // A URL of this site that is no topic is a 404, as the spec asks of a URL the provider has no embed for.
    const topic = await this.topics.topic(slug, language);
    const publicUrl = this.ctx.config.publicUrl;
    const width = Math.min(EMBED_SIZE.width, query.maxwidth ?? EMBED_SIZE.width);
    const height = Math.min(EMBED_SIZE.height, query.maxheight ?? EMBED_SIZE.height);
    // The interface's text as administrators keep it, as the Share dialog reads it.
    const catalog = await cachedUiCatalog(this.ctx, language);
    const title = catalog['embed.frameTitle']?.replace('{{title}}', () => topic.title) ?? topic.title;
    return {
      type: 'rich',
      version: '1.0',
      title: topic.title,
      provider_name: 'Podium',
      provider_url: publicUrl,
      html: embedCode({ src: embedUrl(publicUrl, topic.id, { language }), title, width, height }),
      width,
      height,
      // The spec wants a thumbnail within maxwidth and maxheight too: the card is left out when it is not.
      ...((query.maxwidth ?? CARD_WIDTH) >= CARD_WIDTH &&
        (query.maxheight ?? CARD_HEIGHT) >= CARD_HEIGHT && {
          thumbnail_url: shareCardUrl(publicUrl, topic.id, language),
          thumbnail_width: CARD_WIDTH,
          thumbnail_height: CARD_HEIGHT,
        }),
    };
  }

  /** The topic a URL of this site's topic pages names, and the language it asks for. */
  private topicPage(text: string): { slug: string; language: Language } {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw errors.validation('url must be an absolute URL', 'url');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw errors.validation('url must be http(s)', 'url');
    const site = new URL(this.ctx.config.publicUrl);
    const segments = url.pathname.split('/');
    if (url.host !== site.host || matchClientRoute(url.pathname) !== 'topic' || !segments[2])
      throw errors.notFound('Topic page');
    const lng = url.searchParams.get('lng');
    return { slug: decodedSegment(segments[2]), language: isLanguage(lng) ? lng : DEFAULT_LANGUAGE };
  }
}

/** A path segment as written; a malformed escape (`%E0%A4`) names no topic. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw errors.notFound('Topic page');
  }
}
