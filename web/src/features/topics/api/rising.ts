import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RisingData } from '../../../../../common/api/rising.js';
import type { Language } from '../../../../../common/constants.js';
import { apiRequest } from '../../../shared/api/index.js';
import { topicKeys } from './keys.js';

/** GET /topics/rising/{lang}: what is rising this week, in the visitor's current language. */
export function useRising(language: Language) {
  return useQuery({
    queryKey: topicKeys.rising(language),
    queryFn: ({ signal }) => apiRequest<RisingData>(`/topics/rising/${language}`, { signal }),
    // A language switch keeps the lists on screen until their translation arrives.
    placeholderData: keepPreviousData,
  });
}
