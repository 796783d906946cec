export { fetchSearch, type SearchMode, type SearchParams, searchKeys, useSearch } from './api/search.js';
export { searchHref, suggestionHref } from './components/destination.js';
export { SearchBox } from './components/SearchBox.js';
export { SuggestionContent } from './components/SuggestionContent.js';
export { searchErrorMessage } from './components/search-error.js';
