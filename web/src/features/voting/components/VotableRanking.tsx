import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RankingData } from '../../../../../common/api/topics.js';
import type { RankingOrderId } from '../../../../../common/rankings/orders.js';
import { DEFAULT_RANKING_WINDOW, type RankingWindowId } from '../../../../../common/rankings/windows.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { useLanguage } from '../../i18n/index.js';
import { RankingList, useRankHistory, useTopicRanking } from '../../topics/index.js';
import { useMedalActions } from './MedalButtons.js';

export interface VotableRankingProps {
  topicId: number;
  className: string;
  /** Its title, which `heading` holds and the section is labelled by. */
  labelledBy: string;
  heading: ReactNode;
  emptyClassName: string;
  showPlaces?: boolean;
  /** The order of the rows (the default: total points). */
  order?: RankingOrderId;
  /** The ballots counted (the default: all of them). */
  window?: RankingWindowId;
  /**
   * The choices of what the ranking shows, under the heading: shown once the topic has a ranking, and
   * for a time window with no ballot too (the way back to the others).
   */
  controls?: ReactNode;
  /** What the section shows between its heading and the rows, once the ranking has some. */
  aboveRows?: (ranking: RankingData) => ReactNode;
  /** Each row with its rank over the last 90 days: for the all-time ranking only (the history is its). */
  showHistory?: boolean;
}

/**
 * A topic's ranking as a page section, each row with the medal buttons that set my places in the
 * voting form; with its loading, error and empty states. The topic and vote pages both show it.
 */
export function VotableRanking({
  topicId,
  className,
  labelledBy,
  heading,
  emptyClassName,
  showPlaces,
  order,
  window = DEFAULT_RANKING_WINDOW,
  controls,
  aboveRows,
  showHistory = false,
}: VotableRankingProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const ranking = useTopicRanking(topicId, language, order, window);
  const medalActions = useMedalActions(topicId);
  // A failed history read leaves the rows without their trends (the hook does not retry).
  const history = useRankHistory(topicId, showHistory);
  return (
    <section className={className} aria-labelledby={labelledBy} aria-busy={ranking.isPending}>
      {heading}
      {ranking.isPending ? (
        <Spinner />
      ) : ranking.isError ? (
        <Alert tone="error">{t('topic.ranking.errorFetch')}</Alert>
      ) : ranking.data.rankings.length === 0 ? (
        window === DEFAULT_RANKING_WINDOW ? (
          <p className={emptyClassName}>{t('topic.ranking.empty')}</p>
        ) : (
          <>
            {controls}
            <p className={emptyClassName}>{t(`topic.window.empty.${window}`)}</p>
          </>
        )
      ) : (
        <>
          {controls}
          {aboveRows?.(ranking.data)}
          <RankingList
            entries={ranking.data.rankings}
            labelledBy={labelledBy}
            renderActions={medalActions}
            showPlaces={showPlaces}
            history={showHistory ? history.data : undefined}
          />
        </>
      )}
    </section>
  );
}
