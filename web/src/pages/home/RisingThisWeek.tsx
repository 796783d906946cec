import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RisingData } from '../../../../common/api/rising.js';
import { useLanguage } from '../../features/i18n/index.js';
import { useRising, useTopicTitle } from '../../features/topics/index.js';
import { errorMessage, isApiError } from '../../shared/api/index.js';
import { useNumberFormat } from '../../shared/hooks/useNumberFormat.js';
import { LoadState } from '../../shared/ui/LoadState.js';
import './rising.css';

function risingError(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.status > 0) return errorMessage(t, error, 'home.rising.error');
  return t('home.rising.error');
}

/**
 * The home page's "rising this week" (docs/decisions/024-rising-this-week.md): the topics with the most
 * ballots in seven days, and the propositions that climbed most in their topic's top ten since a week ago.
 * A week where nothing moved keeps the heading and says so in one line.
 */
export function RisingThisWeek() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const rising = useRising(language);
  return (
    <section className="home-section" aria-labelledby="home-rising-title" aria-busy={rising.isPending}>
      <h2 id="home-rising-title" className="home-section__title">
        {t('home.rising.title')}
      </h2>
      {rising.isPending ? (
        <LoadState align="start" />
      ) : rising.isError ? (
        <LoadState align="start" error={risingError(t, rising.error)} onRetry={() => void rising.refetch()} />
      ) : rising.data.topics.length === 0 && rising.data.propositions.length === 0 ? (
        <p className="rising__none">{t('home.rising.none')}</p>
      ) : (
        <div className="rising">
          {rising.data.topics.length > 0 && <BusiestTopics topics={rising.data.topics} />}
          {rising.data.propositions.length > 0 && <Climbers propositions={rising.data.propositions} />}
        </div>
      )}
    </section>
  );
}

function BusiestTopics({ topics }: { topics: RisingData['topics'] }) {
  const { t } = useTranslation();
  const { number } = useNumberFormat();
  const titleOf = useTopicTitle();
  return (
    <div className="rising__part">
      <h3 id="home-rising-topics" className="rising__part-title">
        {t('home.rising.topics')}
      </h3>
      <ol className="rising__list" aria-labelledby="home-rising-topics">
        {topics.map((topic) => (
          <li key={topic.id}>
            <Link to={`/topic/${topic.id}`} className="rising__item">
              <span className="rising__name">{titleOf(topic)}</span>
              <span className="rising__figure">
                {t('home.rising.ballots', { count: topic.ballots, n: number(topic.ballots) })}
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </div>
  );
}

function Climbers({ propositions }: { propositions: RisingData['propositions'] }) {
  const { t } = useTranslation();
  const { number } = useNumberFormat();
  const titleOf = useTopicTitle();
  return (
    <div className="rising__part">
      <h3 id="home-rising-propositions" className="rising__part-title">
        {t('home.rising.propositions')}
      </h3>
      <p className="rising__hint">{t('home.rising.propositionsHint')}</p>
      <ol className="rising__list" aria-labelledby="home-rising-propositions">
        {propositions.map((proposition) => (
          <li key={proposition.id}>
            <Link to={`/topic/${proposition.topic.id}`} className="rising__item rising__item--climber">
              <span className="rising__name">{proposition.name}</span>
              <span className="rising__topic">{titleOf(proposition.topic)}</span>
              <span className="rising__move">
                {proposition.placesGained === null ? (
                  <span className="rising__badge">{t('home.rising.new')}</span>
                ) : (
                  <span className="rising__gain">
                    <span aria-hidden="true">▲ </span>
                    {t('home.rising.up', {
                      count: proposition.placesGained,
                      n: number(proposition.placesGained),
                    })}
                  </span>
                )}
                <span className="rising__ranks">
                  {proposition.rankBefore === null
                    ? t('home.rising.rankNow', { rank: number(proposition.rankNow) })
                    : t('home.rising.rankWas', {
                        rank: number(proposition.rankNow),
                        before: number(proposition.rankBefore),
                      })}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </div>
  );
}
