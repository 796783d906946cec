import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TopicData } from '../../../../../common/api/topics.js';
import type { Language } from '../../../../../common/constants.js';
import { apiRequest } from '../../../shared/api/index.js';
import { topicKeys } from './keys.js';

/** GET /topics/{slugOrId}?language=: links pass the id, old links the slug; both work. */
export function useTopic(slugOrId: string, language: Language) {
  return useQuery({
    queryKey: topicKeys.topic(slugOrId, language),
    queryFn: ({ signal }) =>
      apiRequest<TopicData>(`/topics/${encodeURIComponent(slugOrId)}`, { query: { language }, signal }).then(
        (data) => data.topic,
      ),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === slugOrId ? keepPreviousData(previous) : undefined,
  });
}
