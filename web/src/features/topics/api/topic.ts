import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TopicData, TopicDto } from '../../../../../common/api/topics.js';
import type { Language } from '../../../../../common/constants.js';
import { apiRequest, isApiError } from '../../../shared/api/index.js';
import { topicKeys } from './keys.js';

/**
 * GET /topics/{slugOrId}?language=: links pass the id, old links the slug; both work. A topic that does
 * not exist (the route's 404) is `null`, an answer rather than an error: a server render puts the same
 * `null` in the page's data, so the not-found page hydrates from it without asking again.
 */
export function useTopic(slugOrId: string, language: Language) {
  return useQuery({
    queryKey: topicKeys.topic(slugOrId, language),
    queryFn: ({ signal }): Promise<TopicDto | null> =>
      apiRequest<TopicData>(`/topics/${encodeURIComponent(slugOrId)}`, { query: { language }, signal }).then(
        (data) => data.topic,
        (error: unknown) => {
          if (isApiError(error) && error.status === 404) return null;
          throw error;
        },
      ),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === slugOrId ? keepPreviousData(previous) : undefined,
  });
}
