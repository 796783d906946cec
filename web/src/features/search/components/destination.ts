import type { SearchSuggestionDto } from '../../../../../common/api/search.js';

/** Where choosing a suggestion leads (SPEC "Global search box"). */
export function suggestionHref(item: SearchSuggestionDto): string {
  switch (item.type) {
    case 'topic':
      return `/topic/${item.id}`;
    case 'category':
    case 'subcategory':
      return `/search?category=${encodeURIComponent(item.title)}`;
    case 'tag':
      return `/search?tag=${encodeURIComponent(item.title)}`;
  }
}

export function searchHref(query: string): string {
  return `/search?q=${encodeURIComponent(query.trim())}`;
}
