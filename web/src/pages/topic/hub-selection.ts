import { HUB_PAGE_SIZE } from '../../../../common/constants.js';

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
