import type { Page } from 'playwright-core';
import { isLanguage, LANGUAGE_LABELS, type Language } from '../../common/constants.js';
import { uiCatalog } from '../../common/i18n/index.js';

/** The seeded UI text of `key` in `language` (fresh databases hold exactly the shipped catalog). */
export function text(language: Language, key: string, params: Record<string, string> = {}): string {
  const template = uiCatalog[language][key];
  if (template === undefined) throw new Error(`No UI text for ${key}`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}

/** The language the page currently shows, read from <html lang> once the app has rendered. */
export async function pageLanguage(page: Page): Promise<Language> {
  // index.html's static lang is only a default; the header appears once the real language is set.
  await page.locator('header.site-header').waitFor();
  const lang = await page.evaluate(() => document.documentElement.lang);
  if (!isLanguage(lang)) throw new Error(`Page has no supported lang: ${lang}`);
  return lang;
}

/** The header's language button while the page is in `language`: its name starts with the code it shows. */
export const languageButton = (page: Page, language: Language) =>
  page.getByRole('button', {
    name: text(language, 'language.button', {
      code: language.toUpperCase(),
      name: LANGUAGE_LABELS[language],
    }),
  });
