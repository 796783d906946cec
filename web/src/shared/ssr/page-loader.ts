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

/**
 * Fetches, before a server render, every query the page shows so that the render waits for nothing.
 * Answers the page's status: 404 when its subject does not exist (the page then shows its not-found state).
 */
export type PageLoader = (context: PageLoadContext) => Promise<PageStatus>;

export type PageStatus = 200 | 404;

/** A page rendered on the server: its loader and the canonical form of its address's query. */
export interface ServerPage {
  load: PageLoader;
  /**
   * The query its render reads, normalized as its own links write it (the rest dropped): the server
   * renders and keeps the page under its path and this, one copy however the address is written.
   */
  query: (params: URLSearchParams) => URLSearchParams;
}
