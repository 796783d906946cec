import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  isWholeRanking,
  RANKING_EVENT_VERSION,
  type RankingEventDto,
  rankingOfEvent,
} from '../../../../../common/api/ranking-event.js';
import type { RankingData, TopicDto } from '../../../../../common/api/topics.js';
import { RANKING_EVENT } from '../../../../../common/constants.js';
import { DEFAULT_RANKING_ORDER } from '../../../../../common/rankings/orders.js';
import { DEFAULT_RANKING_WINDOW } from '../../../../../common/rankings/windows.js';
import { topicKeys } from '../../topics/index.js';

/**
 * After the server refused the stream (429 past the per-address cap, 503 when full), EventSource gives up
 * for good; the page tries again after this delay, doubled at each refusal up to the ceiling. The server's
 * Retry-After (30 s and 10 s) is not readable from EventSource; these bounds sit around it.
 */
const REFUSED_RETRY_MS = 10_000;
const REFUSED_RETRY_MAX_MS = 120_000;

/**
 * Keeps the topic's ranking (and its voter count) current while the page is open: the server pushes
 * the top of the new ranking after every vote. When the link drops, EventSource reconnects by itself;
 * when the server refuses it, this hook reconnects later. Meanwhile the page keeps the last ranking.
 */
export function useLiveRanking(topicId: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (topicId === undefined || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let refusals = 0;

    const onRanking = (message: MessageEvent<string>) => {
      let event: RankingEventDto;
      try {
        event = JSON.parse(message.data) as RankingEventDto;
      } catch {
        return;
      }
      if (event.version !== RANKING_EVENT_VERSION) return;
      refusals = 0;
      applyRankingEvent(event);
    };
    const applyRankingEvent = (event: RankingEventDto) => {
      const { topicId: id, voteCount } = event;
      // A long ranking's event holds only its top: the page reads the whole list again instead of
      // showing it cut short. An event is in the default order and window; a ranking shown in another
      // order or window is read again (a reader chose it; counting it here would copy the server's rules).
      if (isWholeRanking(event)) {
        queryClient.setQueryData<RankingData>(topicKeys.ranking(id), rankingOfEvent(event));
        void queryClient.invalidateQueries({
          queryKey: topicKeys.rankings(id),
          predicate: (query) =>
            query.queryKey[3] !== DEFAULT_RANKING_ORDER || query.queryKey[4] !== DEFAULT_RANKING_WINDOW,
        });
      } else {
        void queryClient.invalidateQueries({ queryKey: topicKeys.rankings(id) });
      }
      queryClient.setQueriesData<TopicDto>({ queryKey: topicKeys.details }, (topic) =>
        topic && topic.id === id && topic.voteCount !== voteCount ? { ...topic, voteCount } : topic,
      );
    };
    const connect = () => {
      source = new EventSource(`/api/topics/${topicId}/events`);
      source.addEventListener(RANKING_EVENT, onRanking);
      source.addEventListener('error', () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        const delay = Math.min(REFUSED_RETRY_MS * 2 ** refusals, REFUSED_RETRY_MAX_MS);
        refusals += 1;
        retryTimer = setTimeout(connect, delay * (0.75 + Math.random() / 2));
      });
    };
    connect();
    return () => {
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [topicId, queryClient]);
}
