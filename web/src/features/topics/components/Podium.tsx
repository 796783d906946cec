import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HubSubTopicDto } from '../../../../../common/api/topics.js';
import { VotesIcon } from '../../../shared/ui/icons.js';
import { MedalIcon } from './MedalIcon.js';
import { TagList, useTopicTitle } from './TopicCard.js';
import './podium.css';

/**
 * A sub-topic on its hub's page: its name, the tags that set it apart, and its podium (the three
 * propositions with the most points, each with its rank's medal), so that sub-topics side by side
 * compare at a glance.
 */
export function Podium({ topic }: { topic: HubSubTopicDto }) {
  const { t } = useTranslation();
  const title = useTopicTitle()(topic);
  return (
    <article className="topic-card podium">
      <h3 className="topic-card__title">
        <Link to={`/topic/${topic.id}`} className="topic-card__link">
          {title}
        </Link>
      </h3>
      {topic.tags.length > 0 && <TagList tags={topic.tags} />}
      {topic.podium.length === 0 ? (
        <p className="podium__empty">{t('topic.ranking.noVotesYet')}</p>
      ) : (
        <ol className="podium__places" aria-label={t('topic.podium.label', { title })}>
          {topic.podium.map((entry) => {
            // The server's rank: two propositions equal on points and voters both get silver, and no bronze follows.
            const place = entry.rank as 1 | 2 | 3;
            return (
              <li key={entry.id} className="podium__place">
                <MedalIcon place={place} size={22} title={t(`topic.ranking.medal${place}`)} />
                <span className="podium__name">{entry.itemName}</span>
                <span className="podium__points">
                  {t('topic.ranking.points', { count: entry.totalPoints })}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <p className="topic-card__votes">
        <VotesIcon />
        {t('topic.votes', { count: topic.voteCount })}
      </p>
    </article>
  );
}
