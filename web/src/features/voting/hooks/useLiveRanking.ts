import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TopicDto } from '../../../../../common/api/topics.js';
import type { RankingEventDto } from '../../../../../common/api/votes.js';
import { RANKING_EVENT } from '../../../../../common/constants.js';
import { topicKeys } from '../../topics/index.js';

/**
 * Keeps the topic's ranking (and its voter count) current while the page is open: the server pushes
 * the new ranking after every vote, and EventSource reconnects by itself when the link drops.
 */
export function useLiveRanking(topicId: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (topicId === undefined || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/topics/${topicId}/events`);
    const onRanking = (message: MessageEvent<string>) => {
      let event: RankingEventDto;
      try {
        event = JSON.parse(message.data) as RankingEventDto;
      } catch {
        return;
      }
      queryClient.setQueryData(topicKeys.ranking(topicId), event);
      queryClient.setQueriesData<TopicDto>({ queryKey: ['topics', 'detail'] }, (topic) =>
        topic && topic.id === topicId && topic.voteCount !== event.voteCount
          ? { ...topic, voteCount: event.voteCount }
          : topic,
      );
    };
    source.addEventListener(RANKING_EVENT, onRanking);
    return () => {
      source.removeEventListener(RANKING_EVENT, onRanking);
      source.close();
    };
  }, [topicId, queryClient]);
}
