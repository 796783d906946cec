import type { TFunction } from 'i18next';
import { type CSSProperties, type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RankHistoryData } from '../../../../../common/api/history.js';
import type { RankingEntryDto, RankingRowDto } from '../../../../../common/api/topics.js';
import { RANKING_ROW_DELAY_S } from '../../../../../common/constants.js';
import { tooCloseToCall } from '../../../../../common/rankings/too-close-to-call.js';
import { type numberFormats, useNumberFormat } from '../../../shared/hooks/useNumberFormat.js';
import { ChevronDownIcon } from '../../../shared/ui/icons.js';
import { sharedRanks } from '../ranks.js';
import { MedalIcon } from './MedalIcon.js';
import { lowestShown, RankSparkline } from './RankSparkline.js';
import { StandingBar, type StandingFigures } from './StandingBar.js';
import './ranking-list.css';

/** Later rows appear together: a long ranking should not take seconds to show its tail. */
const MAX_ANIMATED_ROWS = 15;
/** "Too close to call" is said between the rows that decide the podium: 1st and 2nd, 2nd and 3rd, 3rd and 4th. */
const CLOSE_CALL_ROWS = 4;

/** A row of a ranking: its totals, and how it stands beyond them where the ranking route gave that. */
export type RankingListEntry = RankingEntryDto &
  Partial<Pick<RankingRowDto, 'eligibleBallots' | 'weightedAverage' | 'interval'>>;

export interface RankingListProps {
  entries: readonly RankingListEntry[];
  /** Controls placed at the end of a row (the voting panel's medal buttons, the admin's rename/delete). */
  renderActions?: (entry: RankingEntryDto) => ReactNode;
  /** Id of the heading that names the list. */
  labelledBy?: string;
  /** Show the 1st/2nd/3rd-place disclosure on each row (default true). */
  showPlaces?: boolean;
  /**
   * The topic's rank history: each ranked row then shows its rank over 90 days and today's (an all-time
   * ranking only: the history is of the all-time ranking).
   */
  history?: RankHistoryData;
}

/**
 * The community ranking: rank (the server's: rows equal on points and voters share one, 1, 2, 2, 4),
 * name, points, voters; medals for ranks 1 to 3. A shared rank says so under its number.
 * Propositions with no points yet (an administrator's, before anyone picks them) follow, without a rank.
 */
export function RankingList({
  entries,
  renderActions,
  labelledBy,
  showPlaces = true,
  history,
}: RankingListProps) {
  const { t, i18n } = useTranslation();
  const lines = useMemo(
    () => history && new Map(history.lines.map((line) => [line.propositionId, line.ranks])),
    [history],
  );
  const waitingTitleId = useId();
  // What every row says alike is translated once, and the rows use the list's `t`: a topic page
  // hydrates ~50 rows on a phone, and a translation hook (with its listener) per row was a good part of it.
  const labels = useMemo(() => rowLabels(t), [t]);
  const format = useNumberFormat();
  const ranked = entries.filter((entry) => entry.totalPoints > 0);
  const waiting = entries.filter((entry) => entry.totalPoints === 0);
  const shared = sharedRanks(ranked);
  // One vertical scale for every row's line, so that rows compare at a glance.
  const lowest = lines
    ? lowestShown(
        lines.values(),
        ranked.map((entry) => entry.rank),
      )
    : 0;
  const figures = ranked.map(standingFigures);
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
              figures={figures[index]}
              closeTo={closeCallAbove(ranked, figures, index)}
              trend={
                lines && (
                  <RankSparkline
                    ranks={lines.get(entry.id)}
                    today={entry.rank}
                    lowest={lowest}
                    t={t}
                    language={i18n.language}
                  />
                )
              }
              actions={renderActions?.(entry)}
              showPlaces={showPlaces}
              t={t}
              labels={labels}
              format={format}
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
                format={format}
              />
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** The row's standing, when the ranking carries it and the topic has ballots. */
function standingFigures(entry: RankingListEntry): StandingFigures | undefined {
  const { weightedAverage, interval, eligibleBallots } = entry;
  if (weightedAverage == null || !interval || eligibleBallots === undefined) return undefined;
  return { weightedAverage, interval, eligibleBallots };
}

/** The name of the row above when the two are too close to call, among the rows that decide the podium. */
function closeCallAbove(
  ranked: readonly RankingListEntry[],
  figures: readonly (StandingFigures | undefined)[],
  index: number,
): string | undefined {
  if (index === 0 || index >= CLOSE_CALL_ROWS) return undefined;
  const above = figures[index - 1];
  const own = figures[index];
  if (!above || !own || !tooCloseToCall(above.interval, own.interval)) return undefined;
  return ranked[index - 1]?.itemName;
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
    eligible: t('topic.standing.eligible'),
  };
}

function RankingRow({
  entry,
  position,
  rank,
  tied = false,
  figures,
  closeTo,
  trend,
  actions,
  showPlaces,
  t,
  labels,
  format,
}: {
  entry: RankingEntryDto;
  /** The row's place in the list, from 0 (tied rows have one rank and two places); none while waiting. */
  position?: number;
  /** None for a proposition with no points yet. */
  rank?: number;
  /** Another row holds the same rank. */
  tied?: boolean;
  /** Its average per ballot and interval (ranked rows of a ranking that carries them). */
  figures?: StandingFigures;
  /** The row above, when the ballots so far cannot tell the two apart. */
  closeTo?: string;
  /** Its rank over the last 90 days (RankSparkline). */
  trend?: ReactNode;
  actions: ReactNode;
  showPlaces: boolean;
  t: TFunction;
  labels: RowLabels;
  format: ReturnType<typeof numberFormats>;
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
          {rank !== undefined && figures && <StandingBar figures={figures} t={t} format={format} />}
          {closeTo !== undefined && (
            <span className="ranking__close">
              <span aria-hidden="true">{t('topic.standing.tooClose', { name: closeTo })}</span>
              <span className="visually-hidden">{t('topic.standing.tooCloseLabel', { name: closeTo })}</span>
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
      {rank !== undefined && trend ? <div className="ranking__trend">{trend}</div> : null}
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
          {figures && (
            <div>
              <dt>{labels.eligible}</dt>
              <dd>{format.number(figures.eligibleBallots)}</dd>
            </div>
          )}
        </dl>
      )}
    </li>
  );
}
