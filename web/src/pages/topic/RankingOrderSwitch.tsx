import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import '../../shared/ui/chip.css';
import {
  DEFAULT_RANKING_ORDER,
  RANKING_ORDER_IDS,
  RANKING_ORDER_PARAM,
  type RankingOrderId,
} from '../../../../common/rankings/orders.js';

/**
 * The orders a topic's ranking can be read in, as links that write the choice in the address (the
 * default left out), so that a reload, a shared link and the server's render keep it, with or without
 * script. Replacing the entry: another view of the same ranking, not a page of the history.
 */
export function RankingOrderSwitch({ order }: { order: RankingOrderId }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const hrefOf = (id: RankingOrderId) => {
    const params = new URLSearchParams(search);
    if (id === DEFAULT_RANKING_ORDER) params.delete(RANKING_ORDER_PARAM);
    else params.set(RANKING_ORDER_PARAM, id);
    const query = params.toString();
    return query ? `?${query}` : '?';
  };
  return (
    <nav className="order-switch" aria-label={t('topic.order.label')}>
      <span className="order-switch__label" aria-hidden="true">
        {t('topic.order.label')}
      </span>
      {RANKING_ORDER_IDS.map((id) => (
        <Link
          key={id}
          to={hrefOf(id)}
          replace
          preventScrollReset
          className="chip"
          aria-current={id === order ? 'true' : undefined}
        >
          {t(`topic.order.${id}`)}
        </Link>
      ))}
    </nav>
  );
}
