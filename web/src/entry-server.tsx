/**
 * The web app's server entry (built by `vite build --ssr` to web/dist/server/entry-server.js and loaded
 * by server/web/server-render.ts): renders a page of SERVER_RENDERED_PAGES with React's streaming
 * renderer, once all its content is ready, in the page's language, with its data.
 */

import { Writable } from 'node:stream';
import { type DehydratedState, dehydrate } from '@tanstack/react-query';
import { type ReactElement, StrictMode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Language } from '../../common/constants.js';
import { matchClientRoute } from '../../common/routes.js';
import type { PageData, RenderEmbed, RenderPage, ServerEntry } from '../../common/ssr.js';
import { AppProviders } from './app/App.js';
import { createQueryClient } from './app/query-client.js';
import { AppRoutes } from './app/router.js';
import { SERVER_RENDERED_PAGES } from './app/ssr/server-rendered-pages.js';
import { createI18n, LanguageProvider } from './features/i18n/index.js';
import { EmbedRanking } from './pages/embed/EmbedRanking.js';

/** A render that has not finished by then is abandoned (the server then serves the browser-rendered shell). */
const RENDER_TIMEOUT_MS = 5_000;

/** The pages this entry renders; the server serves the others as the shell without asking. */
export const serverRenderedPages: ServerEntry['serverRenderedPages'] = Object.fromEntries(
  Object.entries(SERVER_RENDERED_PAGES).map(([name, page]) => [name, { query: page.query }]),
);

export const renderPage: RenderPage = async ({ url, language, catalog, source }) => {
  // The server asks at /404 for every address that is no page (one render serves them all).
  const address = new URL(url, 'http://podium.invalid');
  const route = matchClientRoute(address.pathname);
  const page = route && SERVER_RENDERED_PAGES[route];
  if (!page) return null;

  const queryClient = createQueryClient();
  try {
    const status = await page.load({ queryClient, language, source, url: address });
    const html = await renderToHtml(
      <StrictMode>
        <AppProviders queryClient={queryClient} initialLanguage={language} i18n={i18nFor(language, catalog)}>
          <StaticRouter location={`${address.pathname}${address.search}`}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </StrictMode>,
    );
    const data: PageData = { language, queries: timeless(dehydrate(queryClient)) };
    return { status, html, pageData: jsonForDataBlock(data) };
  } finally {
    queryClient.clear();
  }
};

/**
 * An embedded ranking's markup (docs/decisions/029): no router, no query cache, no page data, since nothing
 * hydrates it; its script swaps in a newer render's rows. Nothing in it suspends, so it renders in one pass.
 */
export const renderEmbed: RenderEmbed = ({ language, catalog, topic, rows, topicUrl, streamUrl }) =>
  renderToString(
    <LanguageProvider initialLanguage={language} instance={i18nFor(language, catalog)}>
      <EmbedRanking topic={topic} rows={rows} topicUrl={topicUrl} streamUrl={streamUrl} />
    </LanguageProvider>,
  );

/**
 * The page's data without the instants it was read at: the browser stamps the data with its own clock as
 * it hydrates (main.tsx), and a page built again from the same data (after its cache lifetime, or on another
 * app server) is then the same bytes, with the same ETag (docs/decisions/026).
 */
function timeless(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      dehydratedAt: 0,
      state: { ...query.state, dataUpdatedAt: 0, errorUpdatedAt: 0 },
    })),
  };
}

/**
 * Per catalog (the server hands the same cached object until a UI text changes), one i18next instance
 * holding it; each render gets its own clone of it (its own language and translator over the shared,
 * read-only store): a clone costs ~0.1 ms where a new instance with its catalog costs ~1 ms.
 */
const catalogInstances = new WeakMap<Record<string, string>, ReturnType<typeof createI18n>>();
function i18nFor(language: Language, catalog: Record<string, string>) {
  let base = catalogInstances.get(catalog);
  if (!base) {
    base = createI18n(language, catalog);
    catalogInstances.set(catalog, base);
  }
  return base.cloneInstance({ lng: language });
}

/** The whole markup, once every Suspense boundary has resolved: a crawler must get the full page. */
function renderToHtml(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const timer = setTimeout(() => {
      if (!settled) stream.abort(new Error('server render timed out'));
    }, RENDER_TIMEOUT_MS);
    const settle = () => {
      settled = true;
      clearTimeout(timer);
    };
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        settle();
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const fail = (error: unknown) => {
      settle();
      reject(error);
    };
    const stream = renderToPipeableStream(element, {
      // A Suspense boundary (a code-split page not loaded yet) whose content is larger than this would
      // be sent as its fallback plus a hidden copy that an inline script swaps in: blocked by the
      // Content-Security-Policy, and never run without JavaScript. The page is sent whole: no limit.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: fail,
      onError: fail,
    });
  });
}

/** JSON that no text in it can end the `<script>` element it sits in. */
function jsonForDataBlock(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
