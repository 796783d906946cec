import type { TFunction } from 'i18next';
import { type CSSProperties, type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RankingEntryDto } from '../../../../../common/api/topics.js';
import { RANKING_ROW_DELAY_S } from '../../../../../common/constants.js';
import { sharedRanks } from '../ranks.js';
import { MedalIcon } from './MedalIcon.js';
import './ranking-list.css';
import { ChevronDownIcon } from '../../../shared/ui/icons.js';

/** Later rows appear together: a long ranking should not take seconds to show its tail. */
const MAX_ANIMATED_ROWS = 15;

export interface RankingListProps {
  entries: readonly RankingEntryDto[];
  /** Controls placed at the end of a row (the voting panel's medal buttons, the admin's rename/delete). */
  renderActions?: (entry: RankingEntryDto) => ReactNode;
  /** Id of the heading that names the list. */
  labelledBy?: string;
  /** Show the 1st/2nd/3rd-place disclosure on each row (default true). */
  showPlaces?: boolean;
}

/**
 * The community ranking: rank (the server's: rows equal on points and voters share one, 1, 2, 2, 4),
 * name, points, voters; medals for ranks 1 to 3. A shared rank says so under its number.
 * Propositions with no points yet (an administrator's, before anyone picks them) follow, without a rank.
 */
export function RankingList({ entries, renderActions, labelledBy, showPlaces = true }: RankingListProps) {
  const { t } = useTranslation();
  const waitingTitleId = useId();
  // What every row says alike is translated once, and the rows use the list's `t`: a topic page
  // hydrates ~50 rows on a phone, and a translation hook (with its listener) per row was a good part of it.
  const labels = useMemo(() => rowLabels(t), [t]);
  const ranked = entries.filter((entry) => entry.totalPoints > 0);
  const waiting = entries.filter((entry) => entry.totalPoints === 0);
  const shared = sharedRanks(ranked);
  return (
    <>
      {ranked.length > 0 && (
        <ol className="ranking" aria-labelledby={labelledBy}>
          {ranked.map((entry, index) => (
            <RankingRow
              key={entry.id}
              entry={entry}
              position={index}
              rank={entry.rank}
              tied={shared.has(entry.rank)}
              actions={renderActions?.(entry)}
              showPlaces={showPlaces}
              t={t}
              labels={labels}
            />
          ))}
        </ol>
      )}
      {waiting.length > 0 && (
        <div className="ranking-waiting">
          <h3 id={waitingTitleId} className="ranking-waiting__title">
            {t('topic.ranking.noVotesYet')}
          </h3>
          <ul className="ranking ranking--waiting" aria-labelledby={waitingTitleId}>
            {waiting.map((entry) => (
              <RankingRow
                key={entry.id}
                entry={entry}
                actions={renderActions?.(entry)}
                showPlaces={false}
                t={t}
                labels={labels}
              />
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

type RowLabels = ReturnType<typeof rowLabels>;

function rowLabels(t: TFunction) {
  return {
    medals: {
      1: t('topic.ranking.medal1'),
      2: t('topic.ranking.medal2'),
      3: t('topic.ranking.medal3'),
    },
    tied: t('topic.ranking.tied'),
    firstPlaces: t('topic.ranking.firstPlaces'),
    secondPlaces: t('topic.ranking.secondPlaces'),
    thirdPlaces: t('topic.ranking.thirdPlaces'),
  };
}

function RankingRow({
  entry,
  position,
  rank,
  tied = false,
  actions,
  showPlaces,
  t,
  labels,
}: {
  entry: RankingEntryDto;
  /** The row's place in the list, from 0 (tied rows have one rank and two places); none while waiting. */
  position?: number;
  /** None for a proposition with no points yet. */
  rank?: number;
  /** Another row holds the same rank. */
  tied?: boolean;
  actions: ReactNode;
  showPlaces: boolean;
  t: TFunction;
  labels: RowLabels;
}) {
  const [open, setOpen] = useState(false);
  const placesId = useId();
  const style = {
    '--row-delay': `${Math.min(position ?? MAX_ANIMATED_ROWS, MAX_ANIMATED_ROWS) * RANKING_ROW_DELAY_S}s`,
  } as CSSProperties;
  const medal = rank !== undefined && rank <= 3 ? (rank as 1 | 2 | 3) : undefined;
  return (
    <li
      className={`ranking__row${medal ? ` ranking__row--top ranking__row--medal-${medal}` : ''}`}
      style={style}
    >
      <div className="ranking__main">
        {rank !== undefined && (
          <span className="ranking__rank">
            {medal ? <MedalIcon place={medal} title={labels.medals[medal]} /> : null}
            <span className="ranking__number" aria-hidden="true">
              {t('topic.ranking.rank', { rank })}
            </span>
            <span className="visually-hidden">
              {t(tied ? 'topic.ranking.rankTiedLabel' : 'topic.ranking.rankLabel', { rank })}
            </span>
            {/* Under the shared number; the label above says it to a screen reader. */}
            {tied && (
              <span className="ranking__tied" aria-hidden="true">
                {labels.tied}
              </span>
            )}
          </span>
        )}
        <div className="ranking__body">
          <span className="ranking__name">{entry.itemName}</span>
          {rank !== undefined && (
            <span className="ranking__stats">
              <span className="ranking__points">
                {t('topic.ranking.points', { count: entry.totalPoints })}
              </span>
              <span className="ranking__voters">{t('topic.ranking.voters', { count: entry.voteCount })}</span>
            </span>
          )}
        </div>
        {actions ? <div className="ranking__actions">{actions}</div> : null}
        {showPlaces && (
          <button
            type="button"
            className="icon-button ranking__toggle"
            aria-expanded={open}
            aria-controls={placesId}
            aria-label={t('topic.ranking.showDetails', { name: entry.itemName })}
            onClick={() => setOpen((value) => !value)}
          >
            <ChevronDownIcon width="18" height="18" />
          </button>
        )}
      </div>
      {showPlaces && (
        <dl id={placesId} className="ranking__places" hidden={!open}>
          <div>
            <dt>{labels.firstPlaces}</dt>
            <dd>{entry.firstPlaces}</dd>
          </div>
          <div>
            <dt>{labels.secondPlaces}</dt>
            <dd>{entry.secondPlaces}</dd>
          </div>
          <div>
            <dt>{labels.thirdPlaces}</dt>
            <dd>{entry.thirdPlaces}</dd>
          </div>
        </dl>
      )}
    </li>
  );
}
