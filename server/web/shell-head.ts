import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A stylesheet link to one of the build's own files (`/assets/…css`), as Vite writes it. */
const ASSET_STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g;

/**
 * The page with each stylesheet link to the build's assets replaced by the stylesheet itself. A phone
 * paints nothing before every stylesheet of the head has arrived, each a request of its own (a topic
 * page had four: a new connection each on a slow network, 400 ms of its first paint). The build makes
 * one stylesheet for the whole app (44 KB, 8 KB compressed), so every page, rendered here or in the
 * browser, is styled at its first paint and without JavaScript. The Content-Security-Policy allows
 * inline styles.
 */
export function withInlineStyles(html: string, distDir: string): string {
  return html.replace(ASSET_STYLESHEET, (link, file: string) => {
    try {
      // "</" cannot occur in the build's CSS unless in a string; written as an escape it reads the same.
      return `<style>${readFileSync(join(distDir, file), 'utf8').replaceAll('</', '<\\/')}</style>`;
    } catch {
      return link;
    }
  });
}

/** The build's script tags and module preloads in index.html, as Vite writes them. */
const SCRIPT_TAG = /<(script type="module"|link rel="modulepreload") crossorigin /g;

/**
 * The page with every script of its head fetched at low priority: the page is in the HTML (and its one
 * stylesheet inline), and a phone on a slow network should spend its first round trips on it.
 *
 * The app's code itself is not preloaded: the entry asks for it once the page is painted, one round
 * trip later than a preload would, while the page is already shown. Lighthouse cannot tell when a
 * module is evaluated, so it counts every script that arrived before the largest paint as blocking it:
 * preloaded, the app's 125 KB put a topic page's largest paint at 2.1 s instead of 0.9 s in its
 * simulation.
 */
export function withLowPriorityScripts(html: string): string {
  return html.replace(SCRIPT_TAG, '<$1 crossorigin fetchpriority="low" ');
}
