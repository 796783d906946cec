import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TopicSummaryDto } from '../../../../../common/api/topics.js';
import { type TopicNaming, topicDisplayTitle } from '../../../../../common/text/index.js';
import './topic-card.css';
import '../../../shared/ui/surfaces.css';
import { VotesIcon } from '../../../shared/ui/icons.js';

/** The card title rule of SPEC.md (hyphens to spaces, words capitalised, then the untitled text). */
export function useTopicTitle() {
  const { t } = useTranslation();
  return (topic: TopicNaming) => topicDisplayTitle(topic, t('topic.untitled'));
}

/** A topic in a list: the whole card opens /topic/{id}. */
export function TopicCard({ topic, headingLevel = 3 }: { topic: TopicSummaryDto; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const title = useTopicTitle()(topic);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="topic-card">
      <Heading className="topic-card__title">
        <Link to={`/topic/${topic.id}`} className="topic-card__link">
          {title}
        </Link>
      </Heading>
      {topic.category.name && <p className="eyebrow topic-card__category">{topic.category.name}</p>}
      {/* A main topic is a hub: it carries its sub-topics, not tags, and their ballots are its votes. */}
      {!topic.isMainTopic && <TagList tags={topic.tags} />}
      <p className="topic-card__votes">
        <VotesIcon />
        {topic.isMainTopic
          ? t('topic.hubCounts', {
              subTopics: t('topic.subTopicCount', { count: topic.subTopicCount }),
              votes: t('topic.votes', { count: topic.voteCount }),
            })
          : t('topic.votes', { count: topic.voteCount })}
      </p>
    </article>
  );
}

export function TagList({ tags }: { tags: TopicSummaryDto['tags'] }) {
  const { t } = useTranslation();
  if (tags.length === 0) return <p className="topic-card__no-tags">{t('topic.noTags')}</p>;
  return (
    <ul className="chip-list chip-list--tight tag-list">
      {tags.map((tag) => (
        <li key={tag.id} className="tag-list__tag">
          {tag.name}
        </li>
      ))}
    </ul>
  );
}

/** Topics as cards, in the grid every list of topics uses. */
export function TopicGrid({ topics }: { topics: readonly TopicSummaryDto[] }) {
  return (
    <ul className="topic-grid">
      {topics.map((topic) => (
        <li key={topic.id}>
          <TopicCard topic={topic} />
        </li>
      ))}
    </ul>
  );
}
