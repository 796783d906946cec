import { HUB_PAGE_SIZE, type Language } from '../../../../common/constants.js';
import { LANGUAGE_PARAM } from '../../features/i18n/index.js';

/** What a hub's address selects (`?tags=a,b&page=2`): read alike by the page and its server loader. */
export function hubSelection(params: URLSearchParams): { tags: string[]; page: number; offset: number } {
  const tags = (params.get('tags') ?? '').split(',').filter(Boolean);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return { tags, page, offset: (page - 1) * HUB_PAGE_SIZE };
}

/** The `tags` parameter of a hub's address for these tags (what `hubSelection` reads back). */
export function hubTagsParam(tags: readonly string[]): string {
  return tags.join(',');
}

/**
 * A hub's address for this language, these tags and this page, parameters in that order: what the page's
 * links lead to, written alike on the server and in the browser. The first page and no tag are left out,
 * and the language is said, since without JavaScript nothing else keeps it from one page to the next.
 */
export function hubParams(language: Language, tags: readonly string[], page: number): URLSearchParams {
  const params = new URLSearchParams({ [LANGUAGE_PARAM]: language });
  if (tags.length > 0) params.set('tags', hubTagsParam(tags));
  if (page > 1) params.set('page', String(page));
  return params;
}
