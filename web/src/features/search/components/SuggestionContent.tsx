import { useTranslation } from 'react-i18next';
import type { SearchSuggestionDto } from '../../../../../common/api/search.js';

/** Type badge, title, description, tags, and how it matched: shared by the dropdown and the search page. */
export function SuggestionContent({
  item,
  detailed = false,
}: {
  item: SearchSuggestionDto;
  detailed?: boolean;
}) {
  const { t } = useTranslation();
  const context =
    item.type === 'subcategory' ? item.parentCategoryName : item.type === 'topic' ? item.categoryName : null;
  return (
    <>
      <span className="search-item__head">
        <span className={`search-badge search-badge--${item.type}`}>{t(`search.type.${item.type}`)}</span>
        <span className="search-item__title">{item.title}</span>
        {context && <span className="search-item__context">{t('search.inCategory', { name: context })}</span>}
      </span>
      {item.description && <span className="search-item__description">{item.description}</span>}
      {item.type === 'topic' && item.tags.length > 0 && (
        <span className="search-item__tags">
          {item.tags.slice(0, detailed ? 8 : 3).map((tag) => (
            <span key={tag.slug} className="search-tag">
              {tag.name}
            </span>
          ))}
        </span>
      )}
      <span className="search-item__meta">
        <span>{t(`search.match.${item.searchMatch}`)}</span>
        {item.type === 'topic' && <span>{t('search.votes', { count: item.voteCount })}</span>}
        <span>{t('search.relevance', { value: item.relevance })}</span>
        {detailed && item.score > 0 && <span>{t('search.score', { value: item.score })}</span>}
        {detailed && item.matchedWords.length > 0 && (
          <span>{t('search.matchedWords', { words: item.matchedWords.join(', ') })}</span>
        )}
      </span>
    </>
  );
}
