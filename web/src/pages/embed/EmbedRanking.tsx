import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RankingData, TopicDto } from '../../../../common/api/topics.js';
import { EMBED_HOOKS } from '../../embed/hooks.js';
import { RankingList } from '../../features/topics/index.js';

/**
 * A topic's ranking as another site frames it (docs/decisions/029): its title, its top rows as the topic
 * page shows them (the same RankingList, without the per-row details), a link back to the topic page, and
 * a status line the embed's script fills while it follows the live stream. Rendered on the server only:
 * the script swaps in a newer render of the rows, it does not run React.
 */
export function EmbedRanking({
  topic,
  rows,
  topicUrl,
  streamUrl,
}: {
  topic: TopicDto | null;
  rows: RankingData['rankings'];
  topicUrl: string;
  streamUrl: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  if (!topic)
    return (
      <main className="embed">
        <h1 className="embed__title">{t('embed.notFound.title')}</h1>
        <p className="embed__text">{t('embed.notFound.text')}</p>
      </main>
    );
  return (
    <main
      className="embed"
      {...{
        [EMBED_HOOKS.stream]: streamUrl,
        [EMBED_HOOKS.liveText]: t('embed.live'),
        [EMBED_HOOKS.reconnectingText]: t('embed.reconnecting'),
      }}
    >
      <header className="embed__head">
        <h1 id={titleId} className="embed__title">
          {topic.title}
        </h1>
        {/* Empty until the script follows the stream: without it, the page is what the server rendered. */}
        <p className="embed__status" role="status" aria-live="polite" {...{ [EMBED_HOOKS.status]: '' }} />
      </header>
      <div {...{ [EMBED_HOOKS.ranking]: '' }}>
        {rows.some((entry) => entry.totalPoints > 0) ? (
          <RankingList
            entries={rows.filter((entry) => entry.totalPoints > 0)}
            labelledBy={titleId}
            showPlaces={false}
          />
        ) : (
          <p className="embed__text">{t('embed.empty')}</p>
        )}
      </div>
      <a className="embed__link" href={topicUrl} target="_blank" rel="noopener">
        {t('embed.fullRanking')}
      </a>
    </main>
  );
}
