import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeLanguageCookie } from './language-cookie.js';

/** A document whose cookie setter records what the app wrote, on a page at `protocol`. */
function pageAt(protocol: string): string[] {
  const written: string[] = [];
  vi.stubGlobal('window', { location: { protocol } });
  vi.stubGlobal('document', {
    set cookie(value: string) {
      written.push(value);
    },
  });
  return written;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the lang cookie', () => {
  it('keeps the chosen language for a year on every page of the site', () => {
    const written = pageAt('http:');
    writeLanguageCookie('de');
    expect(written).toEqual(['lang=de; Path=/; Max-Age=31536000; SameSite=Lax']);
  });

  it('is sent only over HTTPS on an HTTPS site', () => {
    const written = pageAt('https:');
    writeLanguageCookie('es');
    expect(written).toEqual(['lang=es; Path=/; Max-Age=31536000; SameSite=Lax; Secure']);
  });

  it('is removed when no language is stored', () => {
    const written = pageAt('http:');
    writeLanguageCookie(null);
    expect(written).toEqual(['lang=; Path=/; Max-Age=0; SameSite=Lax']);
  });

  it('never stops the app where cookies are refused', () => {
    vi.stubGlobal('window', { location: { protocol: 'https:' } });
    vi.stubGlobal('document', {
      set cookie(_value: string) {
        throw new DOMException('The document is sandboxed', 'SecurityError');
      },
    });
    expect(() => writeLanguageCookie('fr')).not.toThrow();
  });
});
