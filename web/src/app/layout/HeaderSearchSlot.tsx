import { SearchBox } from '../../features/search/index.js';

/** The global search box with suggestions (SPEC "Global search box") in the header's flexible column. */
export function HeaderSearchSlot() {
  return <SearchBox variant="header" />;
}
