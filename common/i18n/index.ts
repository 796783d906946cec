import { mergeCatalogs } from './catalog.js';
import { errorsCatalog } from './catalogs/errors.js';
import { shellCatalog } from './catalogs/shell.js';

/**
 * Every UI text the product ships, in four languages. Each feature owns one file in ./catalogs;
 * the server inserts missing keys at every start and never overwrites an administrator's edit.
 */
export const uiCatalog = mergeCatalogs([errorsCatalog, shellCatalog]);
