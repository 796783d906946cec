import { useEffect, useRef } from 'react';
import { useHydrated } from './useHydrated.js';

/**
 * Scrolls to the element the address's fragment names (`#too-close`), as a page load does. False when
 * the page holds no such element (yet).
 */
export function scrollToFragment(hash: string): boolean {
  if (hash.length < 2) return false;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return false;
  }
  const target = document.getElementById(id);
  target?.scrollIntoView();
  return target !== null;
}

/**
 * For a page whose code loads on demand: a client-side navigation to `/page#section` reaches the layout
 * before the page is there (the layout then goes to the top), so the page goes to its section once shown.
 * Not when it hydrates the server's HTML: the browser went to the section itself, and the reader may
 * have scrolled since.
 */
export function useScrollToFragment(): void {
  const renderedInBrowser = useRef(useHydrated());
  useEffect(() => {
    if (renderedInBrowser.current) scrollToFragment(window.location.hash);
  }, []);
}
