import { keepPreviousData, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';

/** Rows a "Show more" list asks for at a time (the API's lists take 1 to 100). */
export const LIST_PAGE_SIZE = 20;

/**
 * A list read a page at a time (`limit`, `offset`) and shown as one: the latest page's fields (its `total`)
 * with every page's items under `itemsKey`, in order. "Show more" (`fetchNextPage`) asks for the next page,
 * never for a longer first one, so it goes on past the API's largest page.
 */
export function usePagedList<Key extends string, Page extends { total: number } & Record<Key, unknown[]>>(
  queryKey: QueryKey,
  itemsKey: Key,
  fetchPage: (page: { limit: number; offset: number; signal: AbortSignal }) => Promise<Page>,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage({ limit: LIST_PAGE_SIZE, offset: pageParam, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page[itemsKey].length, 0);
      return last[itemsKey].length > 0 && loaded < last.total ? loaded : undefined;
    },
    select: (data) =>
      ({
        ...data.pages[data.pages.length - 1],
        [itemsKey]: data.pages.flatMap((page) => page[itemsKey]),
      }) as Page,
    placeholderData: keepPreviousData,
  });
}
