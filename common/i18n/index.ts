import { mergeCatalogs } from './catalog.js';
import { accountCatalog } from './catalogs/account.js';
import { adminCatalogueCatalog } from './catalogs/admin-catalogue.js';
import { adminJobsCatalog } from './catalogs/admin-jobs.js';
import { adminPeopleCatalog } from './catalogs/admin-people.js';
import { browseCatalog } from './catalogs/browse.js';
import { embedCatalog } from './catalogs/embed.js';
import { errorsCatalog } from './catalogs/errors.js';
import { historyCatalog } from './catalogs/history.js';
import { integrityCatalog } from './catalogs/integrity.js';
import { mailCatalog } from './catalogs/mail.js';
import { methodologyCatalog } from './catalogs/methodology.js';
import { openDataCatalog } from './catalogs/open-data.js';
import { profileCatalog } from './catalogs/profile.js';
import { proposalsCatalog } from './catalogs/proposals.js';
import { risingCatalog } from './catalogs/rising.js';
import { searchCatalog } from './catalogs/search.js';
import { shareCardsCatalog } from './catalogs/share-cards.js';
import { shellCatalog } from './catalogs/shell.js';
import { standingCatalog } from './catalogs/standing.js';
import { votingCatalog } from './catalogs/voting.js';
import { windowsCatalog } from './catalogs/windows.js';

/**
 * Every UI text the product ships, in four languages. Each feature owns one file in ./catalogs;
 * the server inserts missing keys at every start and never overwrites an administrator's edit.
 */
export const uiCatalog = mergeCatalogs([
  errorsCatalog,
  shellCatalog,
  browseCatalog,
  searchCatalog,
  votingCatalog,
  methodologyCatalog,
  adminPeopleCatalog,
  profileCatalog,
  adminCatalogueCatalog,
  adminJobsCatalog,
  standingCatalog,
  windowsCatalog,
  proposalsCatalog,
  mailCatalog,
  accountCatalog,
  integrityCatalog,
  risingCatalog,
  openDataCatalog,
  historyCatalog,
  shareCardsCatalog,
  embedCatalog,
]);
