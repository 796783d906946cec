import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLanguage } from '../../features/i18n/index.js';
import type { AccountDeletedState } from '../../features/profile/index.js';
import { SearchBox } from '../../features/search/index.js';
import { TopicGrid, useMainTopic, usePopularTopics, useTopicTitle } from '../../features/topics/index.js';
import { errorMessage, isApiError } from '../../shared/api/index.js';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle.js';
import { Alert } from '../../shared/ui/Alert.js';
import { LoadState } from '../../shared/ui/LoadState.js';
import { HOME_FEATURED_MAIN, HOME_FEATURED_SUBS, HOME_POPULAR } from './home-queries.js';
import './home.css';
import { buttonClasses } from '../../shared/ui/Button.js';
import { RisingThisWeek } from './RisingThisWeek.js';

/** The text of the server's error code in the UI's language, else 'Failed to fetch topics'; no answer at all: 'Failed to load…'. */
function popularError(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.status > 0) return errorMessage(t, error, 'home.popular.errorFetch');
  return t('home.popular.errorLoad');
}

export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(undefined);
  return (
    <div className="home">
      <AccountDeletedNotice />
      <section className="home-hero" aria-labelledby="home-hero-title">
        <h1 id="home-hero-title" className="home-hero__title">
          {t('home.hero.title')}
        </h1>
        <p className="home-hero__subtitle">{t('home.hero.subtitle')}</p>
        <SearchBox variant="hero" />
      </section>
      <PopularTopics />
      <RisingThisWeek />
      <FeaturedMainTopic />
    </div>
  );
}

/** Says to a person who has just deleted their account that it is done (the profile sends them here). */
function AccountDeletedNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  if (!(location.state as Partial<AccountDeletedState> | null)?.accountDeleted) return null;
  return (
    // Dismissed, it leaves the history entry too: a reload must not say it again.
    <Alert
      tone="success"
      onDismiss={() => void navigate(location.pathname + location.search, { replace: true })}
    >
      {t('profile.delete.done')}
    </Alert>
  );
}

function PopularTopics() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const popular = usePopularTopics(language, HOME_POPULAR);
  return (
    <section className="home-section" aria-labelledby="home-popular-title" aria-busy={popular.isPending}>
      <h2 id="home-popular-title" className="home-section__title">
        {t('home.popular.title')}
      </h2>
      {popular.isPending ? (
        <LoadState align="start" />
      ) : popular.isError ? (
        <LoadState
          align="start"
          error={popularError(t, popular.error)}
          onRetry={() => void popular.refetch()}
        />
      ) : popular.data.topics.length === 0 ? (
        <div className="home-empty">
          <p className="home-empty__title">{t('home.popular.empty')}</p>
          <p className="home-empty__hint">{t('home.popular.emptyHint')}</p>
        </div>
      ) : (
        <TopicGrid topics={popular.data.topics} />
      )}
    </section>
  );
}

/** The first main topic by popularity, with its most voted sub-topics. */
function FeaturedMainTopic() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const titleOf = useTopicTitle();
  const mains = usePopularTopics(language, HOME_FEATURED_MAIN);
  const featuredId = mains.data?.topics[0]?.id;
  const main = useMainTopic(featuredId, language, HOME_FEATURED_SUBS);
  if (!main.data) return null;
  const { mainTopic, subTopics } = main.data;
  return (
    <section className="home-section" aria-labelledby="home-featured-title">
      <h2 id="home-featured-title" className="home-section__title">
        {t('home.featured.title')}
      </h2>
      <article className="featured">
        <div className="featured__head">
          {mainTopic.categoryName && <p className="eyebrow featured__category">{mainTopic.categoryName}</p>}
          <h3 className="featured__title">
            <Link to={`/topic/${mainTopic.id}`}>{titleOf(mainTopic)}</Link>
          </h3>
          {mainTopic.description && <p className="featured__description">{mainTopic.description}</p>}
          <p className="featured__meta">{t('topic.subTopicCount', { count: mainTopic.subTopicCount })}</p>
          <p className="featured__open">
            <Link to={`/topic/${mainTopic.id}`} className={buttonClasses({ variant: 'secondary' })}>
              {t('home.featured.open')}
            </Link>
          </p>
        </div>
        {subTopics.length > 0 && (
          <div className="featured__subs">
            <h4 className="featured__subs-title">{t('home.featured.subTopics')}</h4>
            <ul className="featured__sub-list">
              {subTopics.map((sub) => (
                <li key={sub.id}>
                  <Link to={`/topic/${sub.id}`} className="featured__sub">
                    <span className="featured__sub-name">{titleOf(sub)}</span>
                    <span className="featured__sub-votes">{t('topic.votes', { count: sub.voteCount })}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
      </article>
    </section>
  );
}
