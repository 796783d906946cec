import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { TopicDto } from '../../../../common/api/topics.js';
import { useLanguage } from '../../features/i18n/index.js';
import { HeadToHead, useTopic, useTopicRanking, useTopicTitle } from '../../features/topics/index.js';
import { VotableRanking } from '../../features/voting/index.js';
import { errorMessage } from '../../shared/api/index.js';
import { languageName } from '../../shared/format/language-name.js';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle.js';
import { Alert } from '../../shared/ui/Alert.js';
import { BackIcon } from '../../shared/ui/icons.js';
import { PageProblem } from '../../shared/ui/PageProblem.js';
import { PageSpinner } from '../../shared/ui/Spinner.js';
import { HubView } from './HubView.js';
import { RankingSwitches } from './RankingSwitches.js';
import { type RankingView, rankingViewOf, showsRankHistory } from './ranking-view.js';
import { TopicAside } from './TopicAside.js';
import { VotingPanelSlot } from './VotingPanelSlot.js';
import { WindowNote } from './WindowNote.js';
import './topic.css';
import { buttonClasses } from '../../shared/ui/Button.js';

export function TopicPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const { language } = useLanguage();
  const topic = useTopic(slug, language);
  const titleOf = useTopicTitle();
  const notFound = topic.data === null;
  useDocumentTitle(topic.data ? titleOf(topic.data) : notFound ? t('topic.notFound.title') : undefined);

  if (topic.isPending) return <PageSpinner />;
  if (topic.isError || topic.data === null) {
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
  if (topic.isMainTopic)
    return <HubView topic={topic} head={<TopicHead topic={topic} />} back={<BackButton />} />;
  return <SubTopicView topic={topic} />;
}

function SubTopicView({ topic }: { topic: TopicDto }) {
  const { language } = useLanguage();
  const [params] = useSearchParams();
  const view = rankingViewOf(params);
  // The facts wait for the ranking: on a phone they follow it, and shown beside its spinner they were
  // pushed off the screen when it arrived (a layout shift of 0.12 in Lighthouse's mobile run).
  const ranking = useTopicRanking(topic.id, language, view.order, view.window);
  return (
    <article className="page topic">
      <BackButton />
      <TopicHead topic={topic} />
      <div className="topic-layout">
        <div className="topic-layout__main">
          <VotingPanelSlot topic={topic} />
          <TopicRanking topic={topic} view={view} />
        </div>
        {!ranking.isPending && <TopicAside topic={topic} />}
      </div>
    </article>
  );
}

/** Title, description and where the topic belongs; says so when the title is not in the reader's language. */
function TopicHead({ topic }: { topic: TopicDto }) {
  const { t } = useTranslation();
  const titleOf = useTopicTitle();
  const { language } = useLanguage();
  const shownIn = topic.shownLanguage !== language ? topic.shownLanguage : undefined;
  return (
    <header className="topic-head">
      {topic.mainTopic && topic.mainTopicId !== null && (
        <p className="topic-head__parent">
          {t('topic.mainTopic')} <Link to={`/topic/${topic.mainTopicId}`}>{topic.mainTopic}</Link>
        </p>
      )}
      <h1 className="page__title topic-head__title" lang={shownIn}>
        {titleOf(topic)}
      </h1>
      {topic.description && (
        <p className="topic-head__description" lang={shownIn}>
          {topic.description}
        </p>
      )}
      {shownIn && (
        <p className="topic-head__language">
          {t('topic.writtenIn', { language: languageName(shownIn, language) })}
        </p>
      )}
    </header>
  );
}

/**
 * The ranking in the order and period the address asks for, with what says how far to trust it: the
 * choices of period and order, what a period counts, whether the leader also wins head to head (and the
 * duels), and where the method is explained.
 */
function TopicRanking({ topic, view }: { topic: TopicDto; view: RankingView }) {
  const { t } = useTranslation();
  const { order } = view;
  return (
    <VotableRanking
      topicId={topic.id}
      className="topic-section"
      labelledBy="topic-ranking-title"
      emptyClassName="topic-section__empty"
      order={order}
      window={view.window}
      showHistory={showsRankHistory(view)}
      heading={
        <h2 id="topic-ranking-title" className="topic-section__title">
          {t('topic.ranking.title')}
        </h2>
      }
      controls={<RankingSwitches view={view} />}
      aboveRows={(ranking) => (
        <>
          <WindowNote ranking={ranking} />
          {order === 'average' && (
            <p className="topic-ranking__note">
              {t('topic.order.averageNote')}{' '}
              <Link to="/methodology#average">{t('topic.order.howAverage')}</Link>
            </p>
          )}
          <HeadToHead ranking={ranking} />
        </>
      )}
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
      className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'topic-back' })}
      onClick={() => (canGoBack ? navigate(-1) : navigate('/'))}
    >
      <BackIcon />
      {t('topic.back')}
    </button>
  );
}
