import { useLocation } from 'react-router';
import { SearchBox } from '../../features/search/index.js';

/**
 * The global search box with suggestions (SPEC "Global search box") in the header's flexible column.
 * The search page has its own live box for the same query: one search box per page, so the header's
 * steps aside there (on phones its row goes too).
 */
export function HeaderSearchSlot() {
  const { pathname } = useLocation();
  if (pathname === '/search') return null;
  return <SearchBox variant="header" />;
}
