import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TopicDto } from '../../../../common/api/topics.js';
import { methodologyHref } from '../../../../common/routes.js';
import { FollowButton } from '../../features/follows/index.js';
import { useLanguage } from '../../features/i18n/index.js';
import { TagList, useHub, useTopicTitle } from '../../features/topics/index.js';
import { timeAgo } from '../../shared/format/relative-time.js';
import { useHydrated } from '../../shared/hooks/useHydrated.js';
import { useNumberFormat } from '../../shared/hooks/useNumberFormat.js';
import '../../shared/ui/surfaces.css';
import { OpenDataLinks } from './OpenDataLinks.js';
import { ShareLinks } from './ShareLinks.js';

/** Sibling sub-topics listed beside a sub-topic (the most voted first). */
const SIBLINGS_SHOWN = 8;
const NO_TAGS: readonly string[] = [];

/**
 * A sub-topic's facts and its siblings: the right column at desktop width, after the ranking on
 * phones (it follows the ranking in the page's order).
 */
export function TopicAside({ topic }: { topic: TopicDto }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const format = useNumberFormat();
  const hydrated = useHydrated();
  return (
    <aside className="topic-aside" aria-label={t('topic.facts.label')}>
      <section className="card topic-aside__card" aria-labelledby="topic-facts-title">
        <h2 id="topic-facts-title" className="topic-aside__title">
          {t('topic.facts.title')}
        </h2>
        <dl className="topic-aside__facts">
          <div>
            <dt>{t('topic.category')}</dt>
            <dd>{topic.categoryName}</dd>
          </div>
          {topic.tags.length > 0 && (
            <div>
              <dt>{t('topic.facts.tags')}</dt>
              <dd>
                <TagList tags={topic.tags} />
              </dd>
            </div>
          )}
          <div>
            <dt>{t('topic.voteCount')}</dt>
            <dd>
              {format.number(topic.voteCount)}
              <CastAndCounted topic={topic} />
            </dd>
          </div>
          <div>
            <dt>{t('topic.facts.lastVote')}</dt>
            <dd>
              {topic.lastVoteAt ? (
                <time dateTime={topic.lastVoteAt}>
                  {/* "2 minutes ago" depends on the clock that reads it: the server's page (cached, then
                      hydrated later) would disagree with the browser's render, so it is said once hydrated.
                      Until then a space holds the line; without JavaScript, the day is said instead. */}
                  {hydrated ? (
                    timeAgo(topic.lastVoteAt, language)
                  ) : (
                    <>
                      <noscript>
                        <LastVoteDay at={topic.lastVoteAt} language={language} />
                      </noscript>
                      {'\u00a0'}
                    </>
                  )}
                </time>
              ) : (
                t('topic.facts.noVoteYet')
              )}
            </dd>
          </div>
        </dl>
        <FollowButton topicId={topic.id} />
      </section>
      <ShareLinks topic={topic} />
      <OpenDataLinks topicId={topic.id} />
      {topic.mainTopicId !== null && <Siblings topic={topic} mainTopicId={topic.mainTopicId} />}
    </aside>
  );
}

/**
 * "5 ballots cast, 3 counted" while some of the topic's ballots wait for a counting rule or are held back by
 * moderators (issue 36), leading to where the methodology says why; nothing while every ballot counts.
 */
function CastAndCounted({ topic }: { topic: TopicDto }) {
  const { t } = useTranslation();
  if (topic.ballotsCast === topic.ballotsCounted) return null;
  return (
    <Link to={methodologyHref('cast-and-counted')} className="topic-aside__counted">
      {t('topic.ballots.castAndCounted', {
        cast: t('topic.ballots.cast', { count: topic.ballotsCast }),
        counted: t('topic.ballots.counted', { count: topic.ballotsCounted }),
      })}
    </Link>
  );
}

/**
 * The day of the last vote, in UTC, for a browser without JavaScript. Rendered on the server only: React
 * leaves a `<noscript>`'s children alone in the browser, so no date format is created while hydrating.
 */
function LastVoteDay({ at, language }: { at: string; language: string }) {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(at));
}

function Siblings({ topic, mainTopicId }: { topic: TopicDto; mainTopicId: number }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const titleOf = useTopicTitle();
  // The hub page's first page, unfiltered: the same query (and server cache entry) as the hub page itself.
  const hub = useHub(mainTopicId, NO_TAGS, 0, language);
  const siblings = (hub.data?.subTopics ?? []).filter((sub) => sub.id !== topic.id).slice(0, SIBLINGS_SHOWN);
  if (siblings.length === 0) return null;
  return (
    <section className="card topic-aside__card" aria-labelledby="topic-siblings-title">
      <h2 id="topic-siblings-title" className="topic-aside__title">
        {t('topic.siblings.title', { mainTopic: topic.mainTopic ?? '' })}
      </h2>
      <ul className="topic-aside__siblings">
        {siblings.map((sub) => (
          <li key={sub.id}>
            <Link to={`/topic/${sub.id}`} className="topic-aside__sibling">
              <span className="topic-aside__sibling-name">
                {withoutPrefix(titleOf(sub), topic.mainTopic)}
              </span>
              <span className="topic-aside__sibling-votes">{t('topic.votes', { count: sub.voteCount })}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to={`/topic/${mainTopicId}`} className="topic-aside__all">
        {t('topic.siblings.all')}
      </Link>
    </section>
  );
}

/** "Best pizza Lyon Cheap" beside "Best pizza" reads "Lyon Cheap": what sets the sibling apart. */
function withoutPrefix(title: string, mainTopic: string | null): string {
  if (!mainTopic || !title.toLowerCase().startsWith(`${mainTopic.toLowerCase()} `)) return title;
  return title.slice(mainTopic.length + 1);
}
