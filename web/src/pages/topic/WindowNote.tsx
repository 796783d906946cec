import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RankingData } from '../../../../common/api/topics.js';
import { useNumberFormat } from '../../shared/hooks/useNumberFormat.js';

const sinceFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The day a window starts as the language writes it ("20 novembre", "November 20"; a year's with its
 * year). In UTC, the server's and the API's day: the page renders alike on the server and in the browser.
 */
function formatSince(iso: string, language: string, withYear: boolean): string {
  const key = `${language}:${withYear}`;
  let format = sinceFormats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(language, {
      day: 'numeric',
      month: 'long',
      ...(withYear && { year: 'numeric' }),
      timeZone: 'UTC',
    });
    sinceFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

/**
 * Under a time window's tabs: how many ballots it counts and since when, that head to head still counts
 * every ballot, and where the rules are explained. Nothing for the whole ranking.
 */
export function WindowNote({ ranking }: { ranking: RankingData }) {
  const { t, i18n } = useTranslation();
  const { number } = useNumberFormat();
  if (ranking.window === 'all' || ranking.since === null) return null;
  const since = formatSince(ranking.since, i18n.language, ranking.window === 'year');
  return (
    <p className="topic-ranking__note">
      {t(`topic.window.note.${ranking.window}`, {
        count: ranking.voteCount,
        ballots: number(ranking.voteCount),
        since,
      })}{' '}
      {t('topic.window.allTimeDuels')} <Link to="/methodology#windows">{t('topic.window.how')}</Link>
    </p>
  );
}
