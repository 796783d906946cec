import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_RANKING_WINDOW,
  RANKING_WINDOW_PARAM,
  rankingWindowOf,
} from '../../../../common/rankings/windows.js';
import { useLanguage } from '../../features/i18n/index.js';

/**
 * "The data": the ranking as shown (its period, the page's language) as a CSV or JSON file, from the public
 * export routes (server/modules/opendata), and the podium's Atom feed. Plain links: they work before the
 * page's script runs, and the server names the file.
 */
export function OpenDataLinks({ topicId }: { topicId: number }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const titleId = useId();
  const [params] = useSearchParams();
  const period = rankingWindowOf(params.get(RANKING_WINDOW_PARAM));
  const query = `?lng=${language}${period === DEFAULT_RANKING_WINDOW ? '' : `&window=${period}`}`;
  const href = (format: 'csv' | 'json') => `/api/topics/${topicId}/ranking.${format}${query}`;
  return (
    <section className="card topic-aside__card" aria-labelledby={titleId}>
      <h2 id={titleId} className="topic-aside__title">
        {t('topic.openData.title')}
      </h2>
      <p className="topic-aside__data-text">{t('topic.openData.text')}</p>
      <ul className="topic-aside__downloads">
        <li>
          <a href={href('csv')} download>
            {t('topic.openData.csv')}
          </a>
        </li>
        <li>
          <a href={href('json')} download>
            {t('topic.openData.json')}
          </a>
        </li>
      </ul>
      {/* The podium's changes for a feed reader (decision 034); the page's head names the same feed. */}
      <p className="topic-aside__feed">
        <a href={`/api/topics/${topicId}/feed.atom?lng=${language}`} type="application/atom+xml">
          {t('feed.topic.link')}
        </a>
      </p>
    </section>
  );
}
