import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import type { TopicDto } from '../../../../common/api/topics.js';
import { useLanguage } from '../../features/i18n/index.js';
import { useTopic, useTopicTitle } from '../../features/topics/index.js';
import { useLiveRanking, VotableRanking, VotingPanel } from '../../features/voting/index.js';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle.js';
import { Alert } from '../../shared/ui/Alert.js';
import { BackIcon } from '../../shared/ui/icons.js';
import { PageProblem } from '../../shared/ui/PageProblem.js';
import { PageSpinner } from '../../shared/ui/Spinner.js';
import './vote-page.css';
import { buttonClasses } from '../../shared/ui/Button.js';

/** DESIGN.md: a real full-page voting screen (signed-in only): the topic, my top 3 form, the live ranking. */
export function VotePage() {
  const { t } = useTranslation();
  const { topicId = '' } = useParams();
  const { language } = useLanguage();
  const validId = /^[1-9]\d{0,9}$/.test(topicId);
  const topic = useTopic(validId ? topicId : '0', language);
  const titleOf = useTopicTitle();
  useDocumentTitle(topic.data ? `${t('vote.page.title')} · ${titleOf(topic.data)}` : t('vote.page.title'));

  if (validId && topic.isPending) return <PageSpinner />;
  if (!validId || topic.isError || !topic.data) {
    return (
      <PageProblem title={t('vote.page.title')} className="vote-page">
        <Alert tone="error">{t('vote.page.notFound')}</Alert>
      </PageProblem>
    );
  }
  // A main topic takes no ballot: its page (the hub) leads to the sub-topics that do.
  if (topic.data.isMainTopic) return <Navigate to={`/topic/${topic.data.id}`} replace />;
  return <VoteView topic={topic.data} />;
}

function VoteView({ topic }: { topic: TopicDto }) {
  const { t } = useTranslation();
  const titleOf = useTopicTitle();
  useLiveRanking(topic.id);
  return (
    <article className="page vote-page">
      <header className="vote-page__head">
        <Link
          to={`/topic/${topic.id}`}
          className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'vote-page__back' })}
        >
          <BackIcon />
          {t('vote.page.back')}
        </Link>
        <p className="vote-page__eyebrow">{t('vote.page.title')}</p>
        <h1 className="page__title vote-page__title">{titleOf(topic)}</h1>
        {topic.description && <p className="vote-page__description">{topic.description}</p>}
        <p className="vote-page__facts">
          {topic.categoryName} · {t('topic.voteCount')} <strong>{topic.voteCount}</strong>
        </p>
      </header>
      <div className="vote-page__columns">
        <VotingPanel topicId={topic.id} startOpen />
        <VotableRanking
          topicId={topic.id}
          className="vote-page__ranking"
          labelledBy="vote-ranking-title"
          emptyClassName="vote-page__empty"
          showPlaces={false}
          heading={
            <div className="vote-page__ranking-head">
              <h2 id="vote-ranking-title" className="vote-page__ranking-title">
                {t('vote.page.ranking')}
              </h2>
              <span className="vote-page__live">
                <span className="vote-page__live-dot" aria-hidden="true" />
                {t('vote.live.status')}
              </span>
            </div>
          }
        />
      </div>
    </article>
  );
}
