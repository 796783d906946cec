/**
 * The page's entry, a few hundred bytes. The server's HTML is the page: it is painted before any of the
 * app's code runs, and the code is then evaluated in tasks of its own, so that no single task holds a
 * phone's main thread for long. Left to the browser, a cached or local bundle is evaluated as soon as
 * the HTML is parsed, before the first paint (on a throttled phone, 150 ms more before anything shows),
 * and as one task. The app's code is asked for once the page is painted (see the server's
 * `withLowPriorityScripts` for why it is not preloaded).
 */
import { afterFirstPaint, nextTask } from './app/boot/tasks.js';

await afterFirstPaint();
// React and its DOM renderer, about half of the code, then the app that starts with them.
await import('react-dom/client');
await nextTask();
await import('./main.js');
