import { useTranslation } from 'react-i18next';
import type { SearchSuggestionDto } from '../../../../../common/api/search.js';
import { tokenize } from '../../../../../common/text/tokenize.js';

/**
 * Type badge, title, description, then what a reader weighs a topic by: its tags and votes, or for a
 * main topic its sub-topics and votes. Shared by the dropdown and the search page. `internals` adds how
 * it matched (label, relevance, score, words): the search page shows them to administrators tuning
 * search, never to visitors. Everyone sees the words a result was found by when they are not the ones
 * typed ("pizza" for "piza", "schnitzel" for "schnitz").
 */
export function SuggestionContent({
  item,
  detailed = false,
  internals = false,
  query = '',
}: {
  item: SearchSuggestionDto;
  detailed?: boolean;
  internals?: boolean;
  /** What was searched, to tell the words found that differ from the words typed. */
  query?: string;
}) {
  const { t } = useTranslation();
  const context =
    item.type === 'subcategory' ? item.parentCategoryName : item.type === 'topic' ? item.categoryName : null;
  const isTopic = item.type === 'topic';
  const typed = new Set(tokenize(query));
  const corrected = internals && detailed ? [] : item.matchedWords.filter((word) => !typed.has(word));
  return (
    <>
      <span className="search-item__head">
        <span className={`search-badge search-badge--${item.type}`}>{t(`search.type.${item.type}`)}</span>
        <span className="search-item__title">{item.title}</span>
        {context && <span className="search-item__context">{t('search.inCategory', { name: context })}</span>}
      </span>
      {item.description && <span className="search-item__description">{item.description}</span>}
      {corrected.length > 0 && (
        <span className="search-item__matched">
          {t('search.matchedWords', { words: corrected.join(', ') })}
        </span>
      )}
      {isTopic && !item.isMainTopic && item.tags.length > 0 && (
        <span className="search-item__tags">
          {item.tags.slice(0, detailed ? 8 : 3).map((tag) => (
            <span key={tag.slug} className="search-tag">
              {tag.name}
            </span>
          ))}
        </span>
      )}
      {(isTopic || internals) && (
        <span className="search-item__meta">
          {isTopic && item.isMainTopic && <span>{t('search.subTopics', { count: item.subTopicCount })}</span>}
          {isTopic && <span>{t('search.votes', { count: item.voteCount })}</span>}
          {internals && (
            <>
              <span>{t(`search.match.${item.searchMatch}`)}</span>
              <span>{t('search.relevance', { value: item.relevance })}</span>
              {detailed && item.score > 0 && <span>{t('search.score', { value: item.score })}</span>}
              {detailed && item.matchedWords.length > 0 && (
                <span>{t('search.matchedWords', { words: item.matchedWords.join(', ') })}</span>
              )}
            </>
          )}
        </span>
      )}
    </>
  );
}
