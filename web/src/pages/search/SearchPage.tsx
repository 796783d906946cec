import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { SearchSuggestionDto } from '../../../../common/api/search.js';
import { LIMITS, SEARCH_DEBOUNCE_MS, SEARCH_PAGE_SIZE } from '../../../../common/constants.js';
import { useAuth } from '../../features/auth/index.js';
import { useLanguage } from '../../features/i18n/index.js';
import {
  type SearchParams,
  SuggestionContent,
  searchHref,
  suggestionHref,
  useSearch,
} from '../../features/search/index.js';
import { fetchPopularTopics, TopicGrid } from '../../features/topics/index.js';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue.js';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle.js';
import { useHydrated } from '../../shared/hooks/useHydrated.js';
import { useTagTypeLabel } from '../../shared/hooks/useTagTypeLabel.js';
import { Chip } from '../../shared/ui/Chip.js';
import { LoadState } from '../../shared/ui/LoadState.js';
import { popularInfiniteKey, searchAt } from './search-queries.js';
import './search-page.css';
import { buttonClasses } from '../../shared/ui/Button.js';

/** Best match is the default and is not written in the address; `?sort=category` groups by category. */
type SortOrder = 'best' | 'category';

export function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const tag = params.get('tag') ?? '';
  useDocumentTitle(q.trim() ? `${q.trim()} · ${t('search.page.title')}` : t('search.page.title'));

  const [text, setText] = useState(q);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const inputId = useId();

  // The address bar follows the box (replace: typing is not a history of pages)...
  useEffect(() => {
    const current = new URLSearchParams(window.location.search).get('q') ?? '';
    if (debounced === current) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (debounced.trim()) next.set('q', debounced);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [debounced, setParams]);
  // ...and the box follows the address bar when a link or the header box changes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an outside change of q resets the box
  useEffect(() => {
    if (q !== debounced) setText(q);
  }, [q]);

  const trimmed = q.trim();
  const filtered = Boolean(category || tag);
  const searched = searchAt(params);

  return (
    <div className="search-page">
      <h1 className="search-page__title">{t('search.page.title')}</h1>
      {/* Without JavaScript (a server-rendered page), Enter submits the box to this page's address. */}
      {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is too new for older browsers */}
      <form
        role="search"
        action="/search"
        className="search-page__form"
        onSubmit={(event) => event.preventDefault()}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {t('search.box.label')}
        </label>
        <input
          id={inputId}
          name="q"
          type="search"
          className="search-page__input"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('search.box.placeholder')}
          maxLength={LIMITS.searchQueryMax}
          autoComplete="off"
        />
        {category && <input type="hidden" name="category" value={category} />}
        {tag && <input type="hidden" name="tag" value={tag} />}
      </form>
      {filtered && (
        <p className="search-page__filter">
          <Link to={trimmed ? searchHref(trimmed) : '/search'}>{t('search.page.clearFilter')}</Link>
        </p>
      )}
      {searched ? (
        <SearchResults searched={searched} />
      ) : (
        <>
          {!q && (
            <div className="search-page__prompt">
              <p>{t('search.page.prompt')}</p>
              <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
                {t('search.page.goHome')}
              </Link>
            </div>
          )}
          <PopularTopics />
        </>
      )}
    </div>
  );
}

function SearchResults({ searched }: { searched: SearchParams }) {
  const { t } = useTranslation();
  const typeLabel = useTagTypeLabel();
  const { language } = useLanguage();
  // How each result matched is for administrators tuning search (unlike SPEC 2, which shows everyone).
  // Known in the browser only: the server's render and the hydrating one show what a visitor sees.
  const { isAdmin } = useAuth();
  const internals = useHydrated() && isAdmin;
  const search = useSearch('smart', language, searched);
  const { q, category = '', tag = '' } = searched;
  // The chosen order and tag type live in the address, so that a reload, Back or a shared link keeps them.
  const [params, setParams] = useSearchParams();
  const sort: SortOrder = params.get('sort') === 'category' ? 'category' : 'best';
  const tagType = params.get('type') || null;
  // Like the topic page's tag chips: a view of the same results, not a page of the history.
  const choose = (name: 'sort' | 'type', value: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const sortId = useId();

  const all = search.data?.suggestions ?? [];
  // A type chosen before the query changed stays offered, so that it can be seen and undone.
  const tagTypes = useMemo(
    () =>
      [
        ...new Set([...all.flatMap((item) => item.tags.map((x) => x.type)), ...(tagType ? [tagType] : [])]),
      ].sort(),
    [all, tagType],
  );
  const results = useMemo(() => {
    const kept = tagType ? all.filter((item) => item.tags.some((x) => x.type === tagType)) : all;
    if (sort === 'best') return kept;
    // A stable sort: within a category, the server's order (score, then votes) stays.
    return [...kept].sort((a, b) => (a.categoryName ?? '').localeCompare(b.categoryName ?? '', language));
  }, [all, tagType, sort, language]);

  if (search.isPending) return <LoadState />;
  if (search.isError)
    return <LoadState error={t('search.page.error')} onRetry={() => void search.refetch()} />;

  const countLine = q
    ? t('search.page.resultCount', { count: results.length, query: q })
    : category
      ? t('search.page.categoryCount', { count: results.length, name: category })
      : t('search.page.tagCount', { count: results.length, name: tag });

  if (all.length === 0) {
    return (
      <div className="search-page__empty" role="status">
        <p className="search-page__empty-title">
          {q ? t('search.empty.title', { query: q }) : t('search.page.noResults')}
        </p>
        <p className="search-page__empty-hint">{t('search.empty.hint')}</p>
        {search.data.didYouMean.length > 0 && (
          <p className="search-page__did-you-mean">
            {t('search.didYouMean')}{' '}
            {search.data.didYouMean.map((correction) => (
              <Link key={correction} to={searchHref(correction)} className="search-page__correction">
                {correction}
              </Link>
            ))}
          </p>
        )}
      </div>
    );
  }

  return (
    <section aria-labelledby={`${sortId}-count`}>
      {/* The order and the type chips work through the app: without JavaScript they would do nothing. */}
      <noscript>
        <style>{'.search-page__sort, .search-page__chips { display: none; }'}</style>
      </noscript>
      <div className="search-page__toolbar">
        <p id={`${sortId}-count`} className="search-page__count" role="status">
          {countLine}
        </p>
        <label className="search-page__sort">
          <span>{t('search.page.sortBy')}</span>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => choose('sort', event.target.value === 'category' ? 'category' : null)}
          >
            <option value="best">{t('search.page.sortBestMatch')}</option>
            <option value="category">{t('search.page.sortCategory')}</option>
          </select>
        </label>
      </div>
      {tagTypes.length > 0 && (
        <fieldset className="search-page__chips">
          <legend className="visually-hidden">{t('search.page.filterLabel')}</legend>
          {[null, ...tagTypes].map((type) => (
            <Chip key={type ?? 'all'} pressed={tagType === type} onClick={() => choose('type', type)}>
              {type === null ? t('search.page.filterAll') : typeLabel(type)}
            </Chip>
          ))}
        </fieldset>
      )}
      <ul className="search-results">
        {results.map((item) => (
          <li key={`${item.type}:${item.id}`}>
            <ResultItem item={item} internals={internals} query={q} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ResultItem({
  item,
  internals,
  query,
}: {
  item: SearchSuggestionDto;
  internals: boolean;
  query: string;
}) {
  return (
    <Link to={suggestionHref(item)} className="search-result">
      <SuggestionContent item={item} detailed internals={internals} query={query} />
    </Link>
  );
}

/** SPEC: under 2 characters, popular topics 20 at a time, loaded as the end of the list comes into view. */
function PopularTopics() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const popular = useInfiniteQuery({
    queryKey: popularInfiniteKey(language),
    queryFn: ({ pageParam, signal }) =>
      fetchPopularTopics(language, { limit: SEARCH_PAGE_SIZE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, offset) =>
      last.topics.length < SEARCH_PAGE_SIZE ? undefined : offset + SEARCH_PAGE_SIZE,
  });
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = popular;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { threshold: 0.1 },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const topics = popular.data?.pages.flatMap((page) => page.topics) ?? [];
  return (
    <section className="search-page__popular" aria-labelledby="search-popular-title">
      <h2 id="search-popular-title" className="search-page__subtitle">
        {t('search.page.popularTitle')}
      </h2>
      {popular.isPending ? (
        <LoadState />
      ) : popular.isError && topics.length === 0 ? (
        <LoadState error={t('search.page.popularError')} onRetry={() => void popular.refetch()} />
      ) : (
        <>
          <TopicGrid topics={topics} />
          <div ref={sentinel} className="search-page__sentinel" aria-hidden="true" />
          {isFetchingNextPage && <LoadState />}
          {popular.isError && (
            <LoadState error={t('search.page.popularError')} onRetry={() => void fetchNextPage()} />
          )}
          {!hasNextPage && !popular.isError && (
            <p className="search-page__end" role="status">
              {t('search.page.end', { count: topics.length })}
            </p>
          )}
        </>
      )}
    </section>
  );
}
