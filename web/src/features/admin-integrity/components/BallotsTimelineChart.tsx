import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { numberFormats } from '../../../shared/hooks/useNumberFormat.js';

const HOUR_S = 3600;
const DAY_S = 24 * HOUR_S;

/** A flagged burst on the time axis: from its first ballot to its last, in seconds since the epoch. */
export interface BurstSpan {
  from: number;
  to: number;
}

export interface BallotsTimelineChartProps {
  /** Hour starts (seconds), every hour of the period, with the ballots cast and counted in each. */
  hours: readonly number[];
  cast: readonly number[];
  counted: readonly number[];
  bursts: readonly BurstSpan[];
  language: string;
}

/** The app's palette (global.css), read once the page has its styles: the chart draws on a canvas. */
function palette() {
  const style = getComputedStyle(document.documentElement);
  const color = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: color('--color-text-muted', '#565c73'),
    grid: color('--color-border', '#e3e5ee'),
    cast: color('--color-brand', '#4338ca'),
    castFill: color('--color-brand-faint', '#c7d2fe'),
    counted: color('--color-success', '#0e7f4f'),
    burst: color('--color-danger', '#c81e1e'),
  };
}

/** A phone gets a lower chart, so that the flags below it are not a screen away. */
const heightFor = (width: number) => (width < 480 ? 200 : 260);

/** Bursts last minutes and the chart spans days: each is drawn at least this wide (CSS pixels) to be seen. */
const BURST_MIN_WIDTH = 6;
/** The solid mark under each burst, on the time axis, in CSS pixels. */
const BURST_MARK_HEIGHT = 5;

/**
 * Shades each burst across the plotting area, behind the lines, and marks it on the time axis in solid
 * colour (the shade alone is faint by design, so that the lines stay readable through it).
 */
function burstBands(bursts: readonly BurstSpan[], color: string): uPlot.Plugin {
  return {
    hooks: {
      drawClear: (u) => {
        const { ctx, bbox } = u;
        const { pxRatio } = uPlot;
        ctx.save();
        ctx.fillStyle = color;
        for (const burst of bursts) {
          const left = u.valToPos(burst.from, 'x', true);
          const right = u.valToPos(burst.to, 'x', true);
          const width = Math.max(right - left, BURST_MIN_WIDTH * pxRatio);
          const x = (left + right) / 2 - width / 2;
          ctx.globalAlpha = 0.14;
          ctx.fillRect(x, bbox.top, width, bbox.height);
          ctx.globalAlpha = 1;
          ctx.fillRect(
            x,
            bbox.top + bbox.height - BURST_MARK_HEIGHT * pxRatio,
            width,
            BURST_MARK_HEIGHT * pxRatio,
          );
        }
        ctx.restore();
      },
    },
  };
}

/**
 * Ballots cast and counted per hour, drawn by uPlot on a canvas that assistive technologies skip (the
 * screen says the same in words beside it). Cast is a filled step, counted a dashed step over it, so the
 * two differ by more than colour; the chart follows its container's width. uPlot animates nothing, so
 * there is nothing to turn off for people who ask for reduced motion.
 */
export default function BallotsTimelineChart({
  hours,
  cast,
  counted,
  bursts,
  language,
}: BallotsTimelineChartProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const colors = palette();
    const { number } = numberFormats(language);
    const dayFormat = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short' });
    const font = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
    const axis = {
      stroke: colors.text,
      font,
      grid: { stroke: colors.grid, width: 1 },
      ticks: { show: false },
    };
    const width = element.clientWidth;
    const steps = uPlot.paths.stepped?.({ align: 1 });
    const chart = new uPlot(
      {
        width,
        height: heightFor(width),
        legend: { show: false },
        cursor: { show: false },
        select: { show: false, left: 0, top: 0, width: 0, height: 0 },
        scales: {
          x: { time: true },
          // From zero, with room above the highest hour; a quiet period still shows a scale of a few ballots.
          y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
        },
        axes: [
          {
            ...axis,
            // Whole days only: hours would repeat one date along a wide screen.
            incrs: [DAY_S, 2 * DAY_S, 7 * DAY_S, 14 * DAY_S, 28 * DAY_S],
            space: 64,
            // One line of dates: uPlot's default leaves room for two under the axis.
            size: 28,
            values: (_u, splits) => splits.map((split) => dayFormat.format(new Date(split * 1000))),
          },
          {
            ...axis,
            incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000],
            space: 32,
            values: (_u, splits) => splits.map((split) => number(split)),
            // As wide as its longest figure: the default gutter takes a seventh of a phone's width.
            size: (_u, values) => 14 + 7 * Math.max(1, ...(values ?? []).map((value) => value.length)),
          },
        ],
        series: [
          {},
          {
            stroke: colors.cast,
            fill: colors.castFill,
            width: 2,
            points: { show: false },
            ...(steps && { paths: steps }),
          },
          {
            stroke: colors.counted,
            width: 2,
            dash: [6, 3],
            points: { show: false },
            ...(steps && { paths: steps }),
          },
        ],
        plugins: [burstBands(bursts, colors.burst)],
      },
      [[...hours], [...cast], [...counted]],
      element,
    );
    const observer = new ResizeObserver(() => {
      const next = element.clientWidth;
      if (next > 0 && next !== chart.width) chart.setSize({ width: next, height: heightFor(next) });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [hours, cast, counted, bursts, language]);

  return <div ref={container} className="ballots-timeline__canvas" aria-hidden="true" />;
}
