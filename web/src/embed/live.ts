/**
 * The embedded ranking's script (web/embed.html; docs/decisions/029): it follows the topic's live ranking
 * stream and, on each event, swaps in the rows of a newer render of this same page, so that the rows are
 * formatted in one place (the server's render of RankingList) and this script stays a few hundred bytes.
 * The page works without it: what the server rendered, with its link to the topic.
 */
import './embed.css';
import { EMBED_HOOKS } from './hooks.js';

/** After the server refused the stream (EventSource gives up on an HTTP error), try again this much later. */
const RETRY_AFTER_REFUSAL_MS = 15_000;

const page = document.querySelector<HTMLElement>(`[${EMBED_HOOKS.stream}]`);
if (page) follow(page);

function follow(page: HTMLElement): void {
  const stream = page.getAttribute(EMBED_HOOKS.stream) ?? '';
  const status = page.querySelector<HTMLElement>(`[${EMBED_HOOKS.status}]`);
  const say = (key: string) => {
    const text = page.getAttribute(key) ?? '';
    if (status && status.textContent !== text) status.textContent = text;
    page.dataset.live = String(key === EMBED_HOOKS.liveText);
  };
  const refresh = rowRefresher(page);
  const connect = () => {
    const source = new EventSource(stream);
    source.addEventListener('open', () => say(EMBED_HOOKS.liveText));
    // Each connection starts with the ranking as it stands, which after a reconnection may be newer than the rows.
    source.addEventListener('ranking', refresh);
    source.addEventListener('error', () => {
      say(EMBED_HOOKS.reconnectingText);
      if (source.readyState !== EventSource.CLOSED) return;
      setTimeout(connect, RETRY_AFTER_REFUSAL_MS);
    });
  };
  connect();
}

/** Fetches this page again and swaps in its rows; events that come during a fetch cost one more fetch, not one each. */
function rowRefresher(page: HTMLElement): () => void {
  const rows = page.querySelector<HTMLElement>(`[${EMBED_HOOKS.ranking}]`);
  let running = false;
  let again = false;
  const run = async (): Promise<void> => {
    running = true;
    try {
      do {
        again = false;
        // A revalidation: 304 (and the kept page) when nothing changed since the last fetch.
        const response = await fetch(location.href, { cache: 'no-cache' });
        if (!response.ok) return;
        const fresh = new DOMParser()
          .parseFromString(await response.text(), 'text/html')
          .querySelector(`[${EMBED_HOOKS.ranking}]`);
        if (rows && fresh && rows.innerHTML !== fresh.innerHTML) rows.innerHTML = fresh.innerHTML;
      } while (again);
    } catch {
      // The next event tries again.
    } finally {
      running = false;
    }
  };
  return () => {
    if (running) again = true;
    else void run();
  };
}
