import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { TopicDto } from '../../../../common/api/topics.js';
import { useLanguage } from '../../features/i18n/index.js';
import { useTopic, useTopicTitle } from '../../features/topics/index.js';
import { VotableRanking } from '../../features/voting/index.js';
import { errorMessage, isApiError } from '../../shared/api/index.js';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle.js';
import { Alert } from '../../shared/ui/Alert.js';
import { BackIcon } from '../../shared/ui/icons.js';
import { PageProblem } from '../../shared/ui/PageProblem.js';
import { PageSpinner } from '../../shared/ui/Spinner.js';
import { MainTopicSection } from './MainTopicSection.js';
import { VotingPanelSlot } from './VotingPanelSlot.js';
import './topic.css';

export function TopicPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const { language } = useLanguage();
  const topic = useTopic(slug, language);
  const titleOf = useTopicTitle();
  const notFound = topic.isError && isApiError(topic.error) && topic.error.status === 404;
  useDocumentTitle(topic.data ? titleOf(topic.data) : notFound ? t('topic.notFound.title') : undefined);

  if (topic.isPending) return <PageSpinner />;
  if (topic.isError) {
    return (
      <PageProblem
        title={t(notFound ? 'topic.notFound.title' : 'page.topic.title')}
        className="topic-state"
        before={<BackButton />}
      >
        {notFound ? (
          <p className="topic-state__text">{t('topic.notFound.text')}</p>
        ) : (
          <Alert tone="error">{errorMessage(t, topic.error, 'topic.errorFetch')}</Alert>
        )}
      </PageProblem>
    );
  }
  return <TopicView topic={topic.data} />;
}

function TopicView({ topic }: { topic: TopicDto }) {
  const { t } = useTranslation();
  const titleOf = useTopicTitle();
  const showRanking = !topic.isMainTopic || topic.propositionCount > 0;
  return (
    <article className="page topic">
      <BackButton />
      <header className="topic-head">
        {topic.mainTopic && topic.mainTopicId !== null && (
          <p className="topic-head__parent">
            {t('topic.mainTopic')} <Link to={`/topic/${topic.mainTopicId}`}>{topic.mainTopic}</Link>
          </p>
        )}
        <h1 className="page__title topic-head__title">{titleOf(topic)}</h1>
        {topic.description && <p className="topic-head__description">{topic.description}</p>}
        <dl className="topic-facts">
          <div className="topic-facts__item">
            <dt>{t('topic.category')}</dt>
            <dd>{topic.categoryName}</dd>
          </div>
          <div className="topic-facts__item">
            <dt>{t('topic.voteCount')}</dt>
            <dd>{topic.voteCount}</dd>
          </div>
          <div className="topic-facts__item">
            <dt>{t('topic.language')}</dt>
            <dd>
              <abbr className="topic-facts__language" lang={topic.language}>
                {topic.language.toUpperCase()}
              </abbr>
            </dd>
          </div>
        </dl>
        {topic.tags.length > 0 && (
          <ul className="tag-list topic-head__tags">
            {topic.tags.map((tag) => (
              <li key={tag.id} className="tag-list__tag">
                {tag.name}
              </li>
            ))}
          </ul>
        )}
      </header>
      <VotingPanelSlot topic={topic} />
      {topic.isMainTopic && <MainTopicSection topic={topic} />}
      {showRanking && <TopicRanking topic={topic} />}
    </article>
  );
}

function TopicRanking({ topic }: { topic: TopicDto }) {
  const { t } = useTranslation();
  return (
    <VotableRanking
      topicId={topic.id}
      className="topic-section"
      labelledBy="topic-ranking-title"
      emptyClassName="topic-section__empty"
      heading={
        <h2 id="topic-ranking-title" className="topic-section__title">
          {t('topic.ranking.title')}
        </h2>
      }
    />
  );
}

/** Back to where the visitor came from, or home when the topic was opened directly. */
function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canGoBack = typeof window !== 'undefined' && (window.history.state?.idx ?? 0) > 0;
  return (
    <button
      type="button"
      className="button button--ghost button--sm topic-back"
      onClick={() => (canGoBack ? navigate(-1) : navigate('/'))}
    >
      <BackIcon />
      {t('topic.back')}
    </button>
  );
}
