import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/api/index.js';

/** The app's query cache: one in the browser, a fresh one per server render. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A refusal (4xx) will not change on retry; network trouble and 5xx may.
        retry: (failures, error) =>
          failures < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
    },
  });
}
