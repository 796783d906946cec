import { isLanguage, PAGE_DATA_ELEMENT_ID } from '../../../../common/constants.js';
import type { PageData } from '../../../../common/ssr.js';

/**
 * The data block of a server-rendered page (server/web/server-render.ts), if this page is one. Taken
 * once, like the catalog block: the data belongs to this page load only.
 */
export function takePageData(): PageData | undefined {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const data = JSON.parse(element.textContent ?? '') as Partial<PageData> | null;
    return data && isLanguage(data.language) ? { language: data.language, queries: data.queries } : undefined;
  } catch {
    return undefined;
  }
}
