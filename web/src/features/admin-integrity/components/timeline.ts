import type { BurstFlagDto, IntegrityTopicData } from '../../../../../common/api/integrity.js';

const HOUR_MS = 3_600_000;

/** Every hour of a period, oldest first, with its ballots: the chart's columns. */
export interface HourlySeries {
  /** Hour starts in seconds since the epoch (uPlot's time unit). */
  hours: number[];
  cast: number[];
  counted: number[];
}

/**
 * The server lists only the hours that had ballots; the chart needs every hour from `from` to `to`, the
 * quiet ones at zero, or its steps would join two busy hours across a silent day.
 */
export function everyHour({
  from,
  to,
  timeline,
}: Pick<IntegrityTopicData, 'from' | 'to' | 'timeline'>): HourlySeries {
  const byHour = new Map(timeline.map((point) => [Date.parse(point.at), point]));
  const series: HourlySeries = { hours: [], cast: [], counted: [] };
  const first = Math.floor(Date.parse(from) / HOUR_MS) * HOUR_MS;
  for (let hour = first; hour <= Date.parse(to); hour += HOUR_MS) {
    const point = byHour.get(hour);
    series.hours.push(hour / 1000);
    series.cast.push(point?.cast ?? 0);
    series.counted.push(point?.counted ?? 0);
  }
  return series;
}

/** What the chart shows, in figures: the text beside it says the same in words. */
export interface TimelineFigures {
  cast: number;
  counted: number;
  /** The flags whose burst falls in the period, newest first as the server sends them. */
  flags: BurstFlagDto[];
  /** The flag with the most ballots among them (the first such when several tie). */
  largest: BurstFlagDto | undefined;
}

export function timelineFigures(data: IntegrityTopicData): TimelineFigures {
  const flags = data.flags.filter((flag) => flag.lastCastAt >= data.from);
  return {
    cast: data.timeline.reduce((sum, point) => sum + point.cast, 0),
    counted: data.timeline.reduce((sum, point) => sum + point.counted, 0),
    flags,
    largest: flags.reduce<BurstFlagDto | undefined>(
      (largest, flag) => (largest && largest.ballots.length >= flag.ballots.length ? largest : flag),
      undefined,
    ),
  };
}
