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

/** What a topic page's ranking shows: in which order, counting which ballots. */
export interface RankingView {
  order: RankingOrderId;
  window: RankingWindowId;
}

/** The view a topic page's address asks for (`?order=&window=`), read alike by the page and its server loader. */
export function rankingViewOf(params: URLSearchParams): RankingView {
  return {
    order: rankingOrderOf(params.get(RANKING_ORDER_PARAM)),
    window: rankingWindowOf(params.get(RANKING_WINDOW_PARAM)),
  };
}

/**
 * Whether the rows show their rank history: it is the history of the all-time ranking by points, so
 * under another order or a time window its ranks would not be the rows'.
 */
export function showsRankHistory(view: RankingView): boolean {
  return view.order === DEFAULT_RANKING_ORDER && view.window === DEFAULT_RANKING_WINDOW;
}
