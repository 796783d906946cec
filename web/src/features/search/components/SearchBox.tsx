import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { SearchSuggestionDto } from '../../../../../common/api/search.js';
import { LIMITS, SEARCH_DEBOUNCE_MS } from '../../../../../common/constants.js';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.js';
import { SearchIcon } from '../../../shared/ui/icons.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { useLanguage } from '../../i18n/index.js';
import { useSearch } from '../api/search.js';
import { searchHref, suggestionHref } from './destination.js';
import { SuggestionContent } from './SuggestionContent.js';
import { searchErrorMessage } from './search-error.js';
import './search-box.css';
import { buttonClasses } from '../../../shared/ui/Button.js';

/**
 * Suggestions shown in the dropdown; the search page lists them all. Few enough that the popup
 * needs no scroll box of its own (which keyboard users could not scroll).
 */
const DROPDOWN_LIMIT = 6;

/**
 * The global search box with suggestions (SPEC "Global search box"): an ARIA combobox whose listbox
 * holds the predictive search's suggestions, then a last option opening the full search page.
 */
export function SearchBox({ variant }: { variant: 'header' | 'hero' }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const trimmed = text.trim();
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const searchable = trimmed.length >= LIMITS.searchQueryMin;
  const search = useSearch('predictive', language, { q: debounced });
  const waiting = searchable && (debounced !== trimmed || search.isFetching);
  const suggestions = searchable && debounced === trimmed ? (search.data?.suggestions ?? []) : [];
  const shown = suggestions.slice(0, DROPDOWN_LIMIT);
  // The last option always opens the search page with the text as typed.
  const optionCount = shown.length > 0 ? shown.length + 1 : 0;
  const expanded = open && searchable;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new result list starts with nothing highlighted
  useEffect(() => setActive(-1), [debounced, language]);

  // Any navigation (a choice, a link elsewhere) closes the dropdown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route changes only
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!expanded) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [expanded]);

  const choose = (item: SearchSuggestionDto) => {
    setText(item.title);
    setOpen(false);
    navigate(suggestionHref(item));
  };

  const openSearchPage = (query: string) => {
    if (query.trim().length < LIMITS.searchQueryMin) return;
    setOpen(false);
    navigate(searchHref(query));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const item = active >= 0 ? shown[active] : undefined;
    if (expanded && item) choose(item);
    else openSearchPage(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!searchable) return;
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (optionCount === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the input itself: moving past either end comes back to it.
      setActive((current) => {
        const next = current + step;
        if (next < -1) return optionCount - 1;
        return next >= optionCount ? -1 : next;
      });
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  };

  const activeId = expanded && active >= 0 && active < optionCount ? optionId(active) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);
  const status = !expanded
    ? ''
    : waiting
      ? ''
      : search.isError
        ? searchErrorMessage(t, search.error)
        : suggestions.length === 0
          ? t('search.empty.title', { query: trimmed })
          : t('search.box.count', { count: suggestions.length });

  return (
    // Without JavaScript (a server-rendered page), Enter or the button opens the search page for the text.
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is too new for older browsers; a form with role=search is the equivalent landmark
    <form
      role="search"
      action="/search"
      ref={rootRef}
      className={`search-box search-box--${variant}`}
      onSubmit={submit}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {t('search.box.label')}
      </label>
      <SearchIcon className="search-box__icon" />
      <input
        ref={inputRef}
        id={inputId}
        name="q"
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        className="search-box__input"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        placeholder={t('search.box.placeholder')}
        maxLength={LIMITS.searchQueryMax}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
      />
      {variant === 'hero' && (
        <button
          type="submit"
          className={buttonClasses({ variant: 'primary', className: 'search-box__submit' })}
        >
          {t('search.box.submit')}
        </button>
      )}
      <div className={`search-box__popup${expanded ? ' search-box__popup--open' : ''}`}>
        <div
          role="listbox"
          id={listboxId}
          aria-label={t('search.box.suggestions')}
          className="search-box__listbox"
          hidden={!expanded || waiting || search.isError || shown.length === 0}
        >
          {shown.map((item, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: combobox pattern, focus stays in the input, which handles the keys (aria-activedescendant)
            <div
              key={`${item.type}:${item.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={`search-option${index === active ? ' search-option--active' : ''}`}
              onPointerDown={(event) => event.preventDefault()}
              onPointerEnter={() => setActive(index)}
              onClick={() => choose(item)}
            >
              <SuggestionContent item={item} query={search.data?.query} />
            </div>
          ))}
          {shown.length > 0 && (
            // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: combobox pattern, as above
            <div
              id={optionId(shown.length)}
              role="option"
              aria-selected={active === shown.length}
              className={`search-option search-option--all${active === shown.length ? ' search-option--active' : ''}`}
              onPointerDown={(event) => event.preventDefault()}
              onPointerEnter={() => setActive(shown.length)}
              onClick={() => openSearchPage(text)}
            >
              {t('search.box.seeAll', { query: trimmed })}
            </div>
          )}
        </div>
        {expanded && waiting && (
          <div className="search-box__state">
            <Spinner size="sm" label={t('search.box.loading')} />
          </div>
        )}
        {expanded && !waiting && search.isError && (
          <div className="search-box__state search-box__state--error">
            {searchErrorMessage(t, search.error)}
          </div>
        )}
        {expanded && !waiting && !search.isError && search.isSuccess && suggestions.length === 0 && (
          <div className="search-box__state">
            <p className="search-box__empty-title">{t('search.empty.title', { query: trimmed })}</p>
            <p className="search-box__empty-hint">{t('search.empty.hint')}</p>
            {(search.data?.didYouMean.length ?? 0) > 0 && (
              <p className="search-box__did-you-mean">
                {t('search.didYouMean')}{' '}
                {search.data?.didYouMean.map((correction) => (
                  <button
                    key={correction}
                    type="button"
                    className="search-link-button"
                    onClick={() => {
                      setText(correction);
                      setOpen(true);
                      inputRef.current?.focus();
                    }}
                  >
                    {correction}
                  </button>
                ))}
              </p>
            )}
          </div>
        )}
      </div>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {status}
      </div>
    </form>
  );
}
