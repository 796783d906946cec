import type { TFunction } from 'i18next';
import { RANK_HISTORY_PLACES } from '../../../../../common/history/days.js';
import { MONTH_DAYS, rankTrend } from '../rank-trend.js';
import './rank-sparkline.css';

/** The drawing's own units: a day per unit across, ranks down (1st at the top, the line's lowest at the bottom). */
const HEIGHT = 24;
const PAD = 3;
/** The vertical scale: 1st at the top down to `lowest` at the bottom. */
const scale = (lowest: number) => (rank: number) =>
  PAD + ((Math.min(rank, lowest) - 1) / (lowest - 1)) * (HEIGHT - 2 * PAD);

/**
 * The rank at the bottom of every line of a list: the lowest rank any of them shows (3rd at least, so that
 * a swap of 1st and 2nd stays a small step; 10th at most).
 */
export function lowestShown(lines: Iterable<readonly (number | null)[]>, today: Iterable<number>): number {
  let lowest = 3;
  for (const ranks of [...lines, [...today]])
    for (const rank of ranks)
      if (rank !== null && rank <= RANK_HISTORY_PLACES && rank > lowest) lowest = rank;
  return lowest;
}

/** Runs of days in the top 10 (a day outside it breaks the line). */
function segments(ranks: readonly (number | null)[]): { x: number; rank: number }[][] {
  const runs: { x: number; rank: number }[][] = [];
  let run: { x: number; rank: number }[] = [];
  ranks.forEach((rank, x) => {
    if (rank === null || rank > RANK_HISTORY_PLACES) {
      if (run.length) runs.push(run);
      run = [];
    } else run.push({ x, rank });
  });
  if (run.length) runs.push(run);
  return runs;
}

/** "3rd", "1er", "3.º", "Platz 3": an ordinal in the reader's language (Intl.PluralRules' ordinal rules). */
export const ordinal = (t: TFunction, rank: number) =>
  t('topic.history.rank', { count: rank, ordinal: true });

/** "a month ago", "12 days ago", "yesterday", in the reader's language. */
function ago(t: TFunction, language: string, days: number) {
  if (days === MONTH_DAYS) return t('topic.history.monthAgo');
  return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-days, 'day');
}

/**
 * A proposition's rank over the last 90 days and today as a small line (1st at the top, gaps where it was
 * outside the top 10), with the sentence that says it in words: "3rd a month ago, 1st today". The line is
 * a picture of the sentence, hidden from screen readers, which read the sentence.
 */
export function RankSparkline({
  ranks,
  today,
  lowest,
  t,
  language,
}: {
  /** The last 90 days, oldest first (undefined: never in the top 10 then). */
  ranks: readonly (number | null)[] | undefined;
  /** Today's rank, live. */
  today: number;
  /** The rank at the bottom of the drawing: the lowest of the list's lines, so that rows compare. */
  lowest: number;
  t: TFunction;
  language: string;
}) {
  const trend = rankTrend(ranks, today);
  if (trend.kind === 'none') return null;
  const now = ordinal(t, today);
  const sentence =
    trend.kind === 'new'
      ? t('topic.history.new', { now })
      : t('topic.history.trend', {
          before: ordinal(t, trend.rank),
          when: ago(t, language, trend.daysAgo),
          now,
        });
  const days = [...(ranks ?? []), today];
  const width = Math.max(1, days.length - 1);
  const todayX = days.length - 1;
  const y = scale(lowest);
  return (
    <span className="rank-trend">
      {trend.kind === 'then' && (
        <svg
          className="rank-trend__line"
          viewBox={`-1.5 0 ${width + 3} ${HEIGHT}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
        >
          <line className="rank-trend__top" x1={0} x2={width} y1={y(1)} y2={y(1)} />
          {segments(days).map((run) =>
            run.length === 1 ? (
              <circle
                key={run[0]?.x}
                className="rank-trend__dot"
                cx={run[0]?.x}
                cy={y(run[0]?.rank ?? 1)}
                r={1.2}
              />
            ) : (
              <polyline
                key={run[0]?.x}
                className="rank-trend__path"
                points={run.map((point) => `${point.x},${y(point.rank)}`).join(' ')}
              />
            ),
          )}
          {today <= RANK_HISTORY_PLACES && (
            <circle className="rank-trend__today" cx={todayX} cy={y(today)} r={1.8} />
          )}
        </svg>
      )}
      <span className="rank-trend__text">{sentence}</span>
    </span>
  );
}
