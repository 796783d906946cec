import { BOOT_CATALOG_ELEMENT_ID, type Language } from '../../../../common/constants.js';

/**
 * The UI catalog the server put in the page (server/web/boot-catalog.ts), if it is for this
 * language. Taken once: later language switches fetch, so an administrator's edit is not hidden
 * behind an old page.
 */
export function takeBootCatalog(language: Language): Record<string, string> | undefined {
  const element = document.getElementById(BOOT_CATALOG_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  if (element.dataset.language !== language) return undefined;
  try {
    const catalog: unknown = JSON.parse(element.textContent ?? '');
    return catalog && typeof catalog === 'object' ? (catalog as Record<string, string>) : undefined;
  } catch {
    return undefined;
  }
}
