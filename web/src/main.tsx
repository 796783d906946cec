import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// Global styles first so that component styles, imported by App, win ties in the cascade.
import './app/styles/global.css';
import type { Language } from '../../common/constants.js';
import type { PageData } from '../../common/ssr.js';
import { App } from './app/App.js';
import { nextTask } from './app/boot/tasks.js';
import { createQueryClient } from './app/query-client.js';
import { i18n, takeBootCatalog } from './features/i18n/index.js';
import { takePageData } from './shared/ssr/page-data.js';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');
const root = container;

const queryClient = createQueryClient();
const served = takePageData();
const catalog = served && takeBootCatalog(served.language);

/**
 * Server-rendered: start in the page's language with its catalog and the data it was rendered with,
 * so that the first render is the server's HTML and nothing is fetched again. On a phone, evaluating
 * the modules is one long task already: each step here runs in a task of its own, and React hydrates in
 * a transition, in slices of a few milliseconds, so no task holds a tap for long.
 */
async function hydratePage(page: PageData, language: Language, translations: Record<string, string>) {
  await nextTask();
  i18n.addResourceBundle(language, 'translation', translations, true, true);
  void i18n.changeLanguage(language);
  await nextTask();
  hydrate(queryClient, page.queries as DehydratedState);
  // The data arrived with the page: it is as fresh as the page, whatever the two clocks say.
  const now = Date.now();
  for (const query of queryClient.getQueryCache().getAll()) query.setState({ dataUpdatedAt: now });
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App queryClient={queryClient} initialLanguage={language} />
      </StrictMode>,
    );
  });
}

if (served && catalog) {
  void hydratePage(served, served.language, catalog);
} else {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
