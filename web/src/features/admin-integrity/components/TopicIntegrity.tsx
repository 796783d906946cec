import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { IntegrityTopicData } from '../../../../../common/api/integrity.js';
import { errorMessage } from '../../../shared/api/index.js';
import { LoadState } from '../../../shared/ui/LoadState.js';
import { StatusMessage } from '../../../shared/ui/StatusMessage.js';
import { useLanguage } from '../../i18n/index.js';
import { TIMELINE_PERIODS, type TimelinePeriod, useTopicIntegrity } from '../api/integrity.js';
import { FlagCard } from './FlagCard.js';
import { everyHour, type TimelineFigures, timelineFigures } from './timeline.js';

// uPlot (~20 KB gzip) loads with the chart, on this screen only.
const BallotsTimelineChart = lazy(() => import('./BallotsTimelineChart.js'));

const DEFAULT_PERIOD: TimelinePeriod = 30;

/** The period the address asks for (`?days=`), when it is one the screen offers. */
export function useTimelinePeriod(): TimelinePeriod {
  const [params] = useSearchParams();
  const value = params.get('days');
  return TIMELINE_PERIODS.find((days) => String(days) === value) ?? DEFAULT_PERIOD;
}

/**
 * /admin/integrity/topics/:id: a topic's ballots per hour, cast and counted, over 7, 30 or 90 days (kept
 * in the address), with the flagged bursts on the same time axis; then each flag, with its ballots and
 * what can be done about them. The chart has its words beside it, for those who do not see it.
 */
export function TopicIntegrity({ topicId }: { topicId: number }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const days = useTimelinePeriod();
  const screen = useTopicIntegrity(topicId, days, language);
  const [status, setStatus] = useState<string | null>(null);

  return (
    <div className="admin-screen integrity-screen">
      <PeriodPicker days={days} />
      <StatusMessage message={status} />
      {screen.isPending ? (
        <LoadState align="start" />
      ) : screen.isError ? (
        <LoadState
          align="start"
          error={errorMessage(t, screen.error, 'integrity.error.load')}
          onRetry={() => void screen.refetch()}
        />
      ) : (
        <>
          <p className="integrity-muted">
            <Link to={`/topic/${screen.data.topic.slug}`}>{t('integrity.topic.public')}</Link>
          </p>
          <Timeline data={screen.data} days={days} />
          <section className="integrity-flags" aria-labelledby="integrity-flags-heading">
            <h2 id="integrity-flags-heading" className="integrity-section__title">
              {t('integrity.flags.title')}
            </h2>
            {screen.data.flags.length === 0 ? (
              <p className="integrity-muted">{t('integrity.flags.none')}</p>
            ) : (
              screen.data.flags.map((flag) => (
                <FlagCard key={flag.id} flag={flag} query={screen} onDone={setStatus} />
              ))
            )}
          </section>
        </>
      )}
    </div>
  );
}

/** 7, 30 or 90 days: links, so that the address says which and the back button goes back to it. */
function PeriodPicker({ days }: { days: TimelinePeriod }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const linkTo = (period: TimelinePeriod) => {
    const next = new URLSearchParams(params);
    next.set('days', String(period));
    return `?${next.toString()}`;
  };
  return (
    <nav className="period-picker" aria-label={t('integrity.period.label')}>
      <ul className="period-picker__list">
        {TIMELINE_PERIODS.map((period) => (
          <li key={period}>
            <Link
              to={linkTo(period)}
              replace
              className="period-picker__link"
              aria-current={period === days ? 'true' : undefined}
            >
              {t('integrity.period.days', { count: period })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The chart, its legend, and the same in words. */
function Timeline({ data, days }: { data: IntegrityTopicData; days: TimelinePeriod }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const series = useMemo(() => everyHour(data), [data]);
  const figures = useMemo(() => timelineFigures(data), [data]);
  const bursts = useMemo(
    () =>
      figures.flags.map((flag) => ({
        from: Date.parse(flag.firstCastAt) / 1000,
        to: Date.parse(flag.lastCastAt) / 1000,
      })),
    [figures],
  );
  return (
    <section className="card ballots-timeline" aria-labelledby="ballots-timeline-heading">
      <h2 id="ballots-timeline-heading" className="integrity-section__title">
        {t('integrity.timeline.title')}
      </h2>
      <TimelineSummary figures={figures} days={days} />
      <ul className="ballots-timeline__legend" aria-hidden="true">
        <li>
          <span className="legend-swatch legend-swatch--cast" />
          {t('integrity.legend.cast')}
        </li>
        <li>
          <span className="legend-swatch legend-swatch--counted" />
          {t('integrity.legend.counted')}
        </li>
        <li>
          <span className="legend-swatch legend-swatch--burst" />
          {t('integrity.legend.burst')}
        </li>
      </ul>
      <Suspense fallback={<div className="ballots-timeline__placeholder" />}>
        <BallotsTimelineChart
          hours={series.hours}
          cast={series.cast}
          counted={series.counted}
          bursts={bursts}
          language={language}
        />
      </Suspense>
    </section>
  );
}

/**
 * The chart in words: how many ballots were cast and how many count, then the bursts and the largest of
 * them, what for and when (in the reader's time zone, as the chart).
 */
function TimelineSummary({ figures, days }: { figures: TimelineFigures; days: TimelinePeriod }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { cast, counted, flags, largest } = figures;
  const ballots =
    cast === 0
      ? t('integrity.summary.none', { days })
      : `${t('integrity.summary.cast', { count: cast, days })} ${
          counted === cast
            ? t('integrity.summary.allCounted')
            : t('integrity.summary.counted', { count: counted })
        }`;
  let burstsSentence = t('integrity.summary.flags', { count: 0 });
  if (largest) {
    const date = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long' });
    const time = new Intl.DateTimeFormat(language, { timeStyle: 'short' });
    const [from, to] = [
      time.format(new Date(largest.firstCastAt)),
      time.format(new Date(largest.lastCastAt)),
    ];
    // A burst within one minute reads "at 14:02", not "between 14:02 and 14:02".
    const burst = t(from === to ? 'integrity.summary.burstAt' : 'integrity.summary.burst', {
      count: largest.ballots.length,
      name: largest.proposition.name,
      date: date.format(new Date(largest.firstCastAt)),
      from,
      to,
    });
    burstsSentence = t('integrity.summary.flags', { count: flags.length, burst });
  }
  return (
    <p className="ballots-timeline__summary">
      {ballots} {burstsSentence}
    </p>
  );
}
