import type { TFunction } from 'i18next';
import type { CSSProperties } from 'react';
import type { numberFormats } from '../../../shared/hooks/useNumberFormat.js';
import './standing-bar.css';

/** The scale of an average: 0 to 3 points per ballot (3, 2, 1 for a top 3, 0 for a ballot that left it out). */
const MAX_POINTS = 3;

export interface StandingFigures {
  weightedAverage: number;
  interval: { low: number; high: number };
  eligibleBallots: number;
}

const share = (points: number) => `${(Math.min(Math.max(points, 0), MAX_POINTS) / MAX_POINTS) * 100}%`;

/**
 * A proposition's average points per ballot on the whole scale: the band is where its true average very
 * likely lies (narrow with many ballots, wide with few), the tick its weighted average. Drawn for the eye
 * only; a screen reader hears the sentence the bar stands for.
 */
export function StandingBar({
  figures,
  t,
  format,
}: {
  figures: StandingFigures;
  t: TFunction;
  format: ReturnType<typeof numberFormats>;
}) {
  const { weightedAverage, interval, eligibleBallots } = figures;
  const average = format.decimal(weightedAverage);
  const range = { average, low: format.decimal(interval.low), high: format.decimal(interval.high) };
  const style = {
    '--standing-low': share(interval.low),
    '--standing-high': share(interval.high),
    '--standing-average': share(weightedAverage),
  } as CSSProperties;
  return (
    <span className="standing">
      <span className="standing__bar" style={style} aria-hidden="true">
        <span className="standing__range" />
        <span className="standing__tick" />
      </span>
      <span className="standing__text" aria-hidden="true">
        {t('topic.standing.average', range)}
      </span>
      <span className="visually-hidden">
        {t('topic.standing.intervalLabel', { ...range, count: eligibleBallots })}
      </span>
    </span>
  );
}
