import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RANKING_ORDER_IDS, type RankingOrderId } from '../../../../common/rankings/orders.js';
import { RANKING_WINDOW_IDS, type RankingWindowId } from '../../../../common/rankings/windows.js';
import { useLanguage } from '../../features/i18n/index.js';
import '../../shared/ui/chip.css';
import { topicPageParams } from './hub-selection.js';

/** What a topic page's ranking shows: in which order, counting which ballots. */
export interface RankingView {
  order: RankingOrderId;
  window: RankingWindowId;
}

/**
 * The ways a topic's ranking can be read: the period its ballots were cast in (issue 37) and the order.
 * Each is a group of links that write the choice in the address (defaults left out) beside the other
 * choice, so that a reload, a shared link and the server's render keep both, with or without script.
 * Each link says the language, as the hub's links do: written alike on the server and in the browser,
 * and without JavaScript nothing else keeps the language. Replacing the entry: another view of the same
 * ranking, not a page of the history.
 */
export function RankingSwitches({ view }: { view: RankingView }) {
  const { t } = useTranslation();
  return (
    <div className="ranking-switches">
      <ChoiceLinks
        label={t('topic.window.label')}
        className="window-tabs"
        choices={RANKING_WINDOW_IDS.map((window) => ({
          key: window,
          label: t(`topic.window.${window}`),
          view: { ...view, window },
          current: window === view.window,
        }))}
      />
      <ChoiceLinks
        label={t('topic.order.label')}
        className="order-switch"
        choices={RANKING_ORDER_IDS.map((order) => ({
          key: order,
          label: t(`topic.order.${order}`),
          view: { ...view, order },
          current: order === view.order,
        }))}
      />
    </div>
  );
}

interface Choice {
  key: string;
  label: string;
  view: RankingView;
  current: boolean;
}

/** A labelled group of links, the current one marked: a group of choices, not a navigation landmark. */
function ChoiceLinks({ label, className, choices }: { label: string; className: string; choices: Choice[] }) {
  const { language } = useLanguage();
  const labelId = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of links, not of form fields (a <fieldset>'s)
    <div className={className} role="group" aria-labelledby={labelId}>
      <span className={`${className}__label`} id={labelId}>
        {label}
      </span>
      {choices.map((choice) => (
        <Link
          key={choice.key}
          to={`?${topicPageParams(language, choice.view)}`}
          replace
          preventScrollReset
          className="chip"
          aria-current={choice.current ? 'true' : undefined}
        >
          {choice.label}
        </Link>
      ))}
    </div>
  );
}
