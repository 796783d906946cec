import { HUB_PAGE_SIZE, type Language } from '../../../../common/constants.js';
import {
  DEFAULT_RANKING_ORDER,
  RANKING_ORDER_PARAM,
  type RankingOrderId,
  rankingOrderOf,
} from '../../../../common/rankings/orders.js';
import {
  DEFAULT_RANKING_WINDOW,
  RANKING_WINDOW_PARAM,
  type RankingWindowId,
  rankingWindowOf,
} from '../../../../common/rankings/windows.js';
import { LANGUAGE_PARAM } from '../../features/i18n/index.js';
import type { TagSelectionField } from '../../features/topics/index.js';

/** The parameters of a hub's address: `?lng=en&tags=a,b&page=2`. */
const TAGS_PARAM = 'tags';
const PAGE_PARAM = 'page';

/**
 * What a hub's address selects: read alike by the page and its server loader. The tags are a set (sorted,
 * each once) and the page a number, so `?tags=b,a&page=01` selects what `?tags=a,b` does.
 */
export function hubSelection(params: URLSearchParams): { tags: string[]; page: number; offset: number } {
  const tags = [...new Set((params.get(TAGS_PARAM) ?? '').split(',').filter(Boolean))].sort();
  const page = Math.max(1, Number.parseInt(params.get(PAGE_PARAM) ?? '1', 10) || 1);
  return { tags, page, offset: (page - 1) * HUB_PAGE_SIZE };
}

/** What a topic page's address selects: its hub's tags and page, its ranking's order and window. */
export interface TopicPageSelection {
  tags?: readonly string[];
  page?: number;
  order?: RankingOrderId;
  window?: RankingWindowId;
}

/**
 * The canonical query of a topic page's address: what it reads (its hub's tags and page, a ranking's
 * order other than the default) as it writes it in its own links, the rest dropped. The server renders
 * and keeps a topic page under this, so `?page=01`, `?tags=b,a`, `?order=points` or a parameter no page
 * reads never make another copy of the same page. The same holds for `?window=all`.
 */
export function topicPageQuery(params: URLSearchParams): URLSearchParams {
  const { tags, page } = hubSelection(params);
  return selectionQuery({
    tags,
    page,
    order: rankingOrderOf(params.get(RANKING_ORDER_PARAM)),
    window: rankingWindowOf(params.get(RANKING_WINDOW_PARAM)),
  });
}

/**
 * A topic page's address for this language and selection, parameters in that order: what the page's
 * links lead to (a hub's tags and pages, a ranking's order), written alike on the server and in the
 * browser. Defaults are left out (the first page, no tag, the default order), and the language is said,
 * since without JavaScript nothing else keeps it from one page to the next.
 */
export function topicPageParams(language: Language, selection: TopicPageSelection): URLSearchParams {
  return new URLSearchParams([[LANGUAGE_PARAM, language], ...selectionQuery(selection)]);
}

function selectionQuery({
  tags = [],
  page = 1,
  order = DEFAULT_RANKING_ORDER,
  window = DEFAULT_RANKING_WINDOW,
}: TopicPageSelection): URLSearchParams {
  const params = new URLSearchParams();
  const selected = [...new Set(tags)].sort();
  if (selected.length > 0) params.set(TAGS_PARAM, tagsValue(selected));
  if (page > 1) params.set(PAGE_PARAM, String(page));
  if (order !== DEFAULT_RANKING_ORDER) params.set(RANKING_ORDER_PARAM, order);
  if (window !== DEFAULT_RANKING_WINDOW) params.set(RANKING_WINDOW_PARAM, window);
  return params;
}

/** The `tags` parameter's value for these tags (what `hubSelection` reads back). */
const tagsValue = (tags: readonly string[]) => tags.join(',');

/** The field a hub's tag chips submit from their GET form when no script runs. */
export const HUB_TAGS_FIELD: TagSelectionField = { name: TAGS_PARAM, value: tagsValue };
