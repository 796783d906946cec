import type { Kysely } from 'kysely';
import { BOOT_CATALOG_ELEMENT_ID, DEFAULT_LANGUAGE, type Language } from '../../common/constants.js';
import { uiCatalog } from '../../common/i18n/index.js';
import type { ChangeSet } from '../changes/change-set.js';
import type { AppContext } from '../context.js';
import { readCacheFor } from '../db/read-cache.js';
import type { Database } from '../db/schema.js';

/** What the cached catalog blocks are filed under. */
/** What every cached read holding interface texts is filed under (a catalog block, a rendered page). */
export const UI_TEXTS_TAG = 'ui-texts';

/** The changes subscriber of the catalog blocks: an edited interface text shows in the next page served. */
export function followUiTextChanges(db: Kysely<Database>) {
  const reads = readCacheFor(db);
  return (change: ChangeSet) => {
    if (change.hasUiTexts) reads.forget(UI_TEXTS_TAG);
  };
}

/** The UI catalog of a language as the catalog route answers it, cached until a UI text changes. */
export function cachedUiCatalog(ctx: AppContext, language: Language): Promise<Record<string, string>> {
  return readCacheFor(ctx.db).get(
    `ui-catalog:${language}`,
    () => ctx.texts.uiCatalog(language, DEFAULT_LANGUAGE),
    { tagOf: () => UI_TEXTS_TAG },
  );
}

/**
 * A JSON data block holding the UI catalog of the page's language (`pageLanguage`), for the page's
 * head. The app reads it instead of fetching the catalog before its first render: one round trip less
 * before anything meaningful is painted. A data block is not a script, so the Content-Security-Policy
 * allows it.
 */
export async function bootCatalogTag(ctx: AppContext, language: Language): Promise<string> {
  // The finished element is what is cached: every page view would otherwise serialize the catalog.
  return readCacheFor(ctx.db).get(
    `ui-catalog-tag:${language}`,
    async () => catalogElement(language, await ctx.texts.uiCatalog(language, DEFAULT_LANGUAGE)),
    // Dropped by every edit of an interface text (followUiTextChanges).
    { tagOf: () => UI_TEXTS_TAG },
  );
}

/**
 * The catalog block of the texts Podium ships (what a fresh database holds), for a page served while
 * the database cannot be read: the app still starts in the visitor's language, without its
 * administrators' latest edits.
 */
export function shippedCatalogTag(language: Language): string {
  return catalogElement(language, uiCatalog[language]);
}

function catalogElement(language: Language, translations: Readonly<Record<string, string>>): string {
  // "<" escaped so that no text in the catalog can close the element.
  const json = JSON.stringify(translations).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${BOOT_CATALOG_ELEMENT_ID}" data-language="${language}">${json}</script>`;
}

/** The page with the catalog block added at the end of its head. */
export function withBootCatalog(html: string, tag: string): string {
  return html.replace('</head>', () => `  ${tag}\n  </head>`);
}
