import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, type Language } from '../../common/constants.js';

/**
 * The language a page is served in (its `<html lang>`, head tags and embedded UI catalog): the lng
 * parameter, then the `lang` cookie (the choice the web app stored), then Accept-Language, then French.
 * lng comes first because a shared link names its language; the app itself prefers a stored choice
 * to lng (SPEC order), so only such a link can be served in a language the app then switches from.
 */
export function pageLanguage(request: FastifyRequest): Language {
  const lng = (request.query as { lng?: unknown } | undefined)?.lng;
  if (isLanguage(lng)) return lng;
  return (
    cookieLanguage(request.headers.cookie) ??
    acceptedLanguage(request.headers['accept-language']) ??
    DEFAULT_LANGUAGE
  );
}

/**
 * Whether the page's language is named in its address (`?lng=`): such a page is the same for every
 * visitor, whatever their cookie or Accept-Language, so a shared cache may keep it under its address.
 */
export function isLanguageInAddress(request: FastifyRequest): boolean {
  return isLanguage((request.query as { lng?: unknown } | undefined)?.lng);
}

/** The page with its `<html lang>` set; the replacement is a function so nothing in it is a pattern. */
export function withHtmlLanguage(html: string, language: Language): string {
  return html.replace(/<html lang="[^"]*"/, () => `<html lang="${language}"`);
}

/** A page served in `pageLanguage` differs by these headers: a shared cache must key on them. */
export function varyByLanguage(reply: FastifyReply): FastifyReply {
  return reply.header('vary', 'Cookie, Accept-Language');
}

/** The `lang` cookie's language; an unsupported or malformed value counts as no cookie. */
export function cookieLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== LANGUAGE_COOKIE.name) continue;
    const value = pair.slice(equals + 1).trim();
    if (isLanguage(value)) return value;
  }
  return undefined;
}

/**
 * The supported language the browser prefers most: ranges in order of their q-value (a missing q is 1,
 * equal q keep the order written, q=0 means "not this one"), each matched by its primary subtag.
 */
export function acceptedLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(',')
    .slice(0, 32) // A header of thousands of ranges must not cost more than a reasonable one.
    .map((part, index) => {
      const [range = '', ...params] = part.split(';').map((piece) => piece.trim());
      const q = params.find((param) => /^q\s*=/i.test(param));
      const quality = q === undefined ? 1 : Number(q.slice(q.indexOf('=') + 1).trim());
      return { primary: range.split('-')[0]?.toLowerCase(), quality, index };
    })
    .filter((range) => Number.isFinite(range.quality) && range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { primary } of ranges) if (isLanguage(primary)) return primary;
  return undefined;
}
