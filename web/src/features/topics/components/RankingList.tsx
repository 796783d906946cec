import { type CSSProperties, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RankingEntryDto } from '../../../../../common/api/topics.js';
import { RANKING_ROW_DELAY_S } from '../../../../../common/constants.js';
import { MedalIcon } from './MedalIcon.js';
import './ranking-list.css';
import { ChevronDownIcon } from '../../../shared/ui/icons.js';

/** Later rows appear together: a long ranking should not take seconds to show its tail. */
const MAX_ANIMATED_ROWS = 15;

export interface RankingListProps {
  entries: readonly RankingEntryDto[];
  /** Controls placed at the end of a row (the voting panel's medal buttons, the admin's rename/delete). */
  renderActions?: (entry: RankingEntryDto, rank: number) => ReactNode;
  /** Extra content under a row's name (for example an edit field). */
  renderDetails?: (entry: RankingEntryDto, rank: number) => ReactNode;
  /** Id of the heading that names the list. */
  labelledBy?: string;
  /** Show the 1st/2nd/3rd-place disclosure on each row (default true). */
  showPlaces?: boolean;
}

/** The community ranking: rank from position, name, points, voters; medals for the top 3. */
export function RankingList({
  entries,
  renderActions,
  renderDetails,
  labelledBy,
  showPlaces = true,
}: RankingListProps) {
  return (
    <ol className="ranking" aria-labelledby={labelledBy}>
      {entries.map((entry, index) => (
        <RankingRow
          key={entry.id}
          entry={entry}
          rank={index + 1}
          actions={renderActions?.(entry, index + 1)}
          details={renderDetails?.(entry, index + 1)}
          showPlaces={showPlaces}
        />
      ))}
    </ol>
  );
}

function RankingRow({
  entry,
  rank,
  actions,
  details,
  showPlaces,
}: {
  entry: RankingEntryDto;
  rank: number;
  actions: ReactNode;
  details: ReactNode;
  showPlaces: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const placesId = useId();
  const style = {
    '--row-delay': `${Math.min(rank - 1, MAX_ANIMATED_ROWS) * RANKING_ROW_DELAY_S}s`,
  } as CSSProperties;
  const medal = rank <= 3 ? (rank as 1 | 2 | 3) : undefined;
  return (
    <li
      className={`ranking__row${medal ? ` ranking__row--top ranking__row--medal-${medal}` : ''}`}
      style={style}
    >
      <div className="ranking__main">
        <span className="ranking__rank">
          {medal ? <MedalIcon place={medal} title={t(`topic.ranking.medal${medal}`)} /> : null}
          <span aria-hidden="true">{t('topic.ranking.rank', { rank })}</span>
          <span className="visually-hidden">{t('topic.ranking.rankLabel', { rank })}</span>
        </span>
        <div className="ranking__body">
          <span className="ranking__name">{entry.itemName}</span>
          <span className="ranking__stats">
            <span className="ranking__points">{t('topic.ranking.points', { count: entry.totalPoints })}</span>
            <span className="ranking__voters">{t('topic.ranking.voters', { count: entry.voteCount })}</span>
          </span>
          {details}
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
            <dt>{t('topic.ranking.firstPlaces')}</dt>
            <dd>{entry.firstPlaces}</dd>
          </div>
          <div>
            <dt>{t('topic.ranking.secondPlaces')}</dt>
            <dd>{entry.secondPlaces}</dd>
          </div>
          <div>
            <dt>{t('topic.ranking.thirdPlaces')}</dt>
            <dd>{entry.thirdPlaces}</dd>
          </div>
        </dl>
      )}
    </li>
  );
}
