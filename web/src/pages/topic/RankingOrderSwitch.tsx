import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RANKING_ORDER_IDS, type RankingOrderId } from '../../../../common/rankings/orders.js';
import { useLanguage } from '../../features/i18n/index.js';
import '../../shared/ui/chip.css';
import { topicPageParams } from './hub-selection.js';

/**
 * The orders a topic's ranking can be read in, as links that write the choice in the address (the
 * default left out), so that a reload, a shared link and the server's render keep it, with or without
 * script. Each link says the language, as the hub's links do: written alike on the server and in the
 * browser, and without JavaScript nothing else keeps the language. Replacing the entry: another view of
 * the same ranking, not a page of the history. A group of two choices, not a navigation landmark.
 */
export function RankingOrderSwitch({ order }: { order: RankingOrderId }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const labelId = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of links, not of form fields (a <fieldset>'s)
    <div className="order-switch" role="group" aria-labelledby={labelId}>
      <span className="order-switch__label" id={labelId}>
        {t('topic.order.label')}
      </span>
      {RANKING_ORDER_IDS.map((id) => (
        <Link
          key={id}
          to={`?${topicPageParams(language, { order: id })}`}
          replace
          preventScrollReset
          className="chip"
          aria-current={id === order ? 'true' : undefined}
        >
          {t(`topic.order.${id}`)}
        </Link>
      ))}
    </div>
  );
}
