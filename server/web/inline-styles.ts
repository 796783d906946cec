import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A stylesheet link to one of the build's own files (`/assets/…css`), as Vite and `pageHeads` write it. */
const ASSET_STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g;

/**
 * The page with each stylesheet link to the build's assets replaced by the stylesheet itself. A phone
 * paints nothing before every stylesheet of the head has arrived, and each is a request of its own (a
 * topic page had four: a new connection each on a slow network, 400 ms of its first paint); the whole
 * app's CSS is 23 KB before compression, and a page carries only its own. A code-split page's module
 * still adds its stylesheet link when it loads (after the first paint, then from the browser's cache):
 * the same rules again, in the same order. The Content-Security-Policy allows inline styles.
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
