import type { QueryClient } from '@tanstack/react-query';
import type { Language } from '../../../../common/constants.js';
import type { PageDataSource } from '../../../../common/ssr.js';

export interface PageLoadContext {
  /** The render's own cache: a loader puts each answer under the key of the hook that asks for it. */
  queryClient: QueryClient;
  language: Language;
  source: PageDataSource;
  /** The address rendered (path and query), for pages whose data depends on it. */
  url: URL;
}

/** Fetches, before a server render, every query the page shows so that the render waits for nothing. */
export type PageLoader = (context: PageLoadContext) => Promise<void>;
