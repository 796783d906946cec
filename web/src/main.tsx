import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// Global styles first so that component styles, imported by App, win ties in the cascade.
import './app/styles/global.css';
import { App } from './app/App.js';
import { createQueryClient } from './app/query-client.js';
import { i18n, takeBootCatalog } from './features/i18n/index.js';
import { takePageData } from './shared/ssr/page-data.js';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

const queryClient = createQueryClient();
const served = takePageData();
const catalog = served && takeBootCatalog(served.language);

if (served && catalog) {
  // Server-rendered: start in the page's language with its catalog and the data it was rendered with,
  // so that the first render is the server's HTML and nothing is fetched again.
  i18n.addResourceBundle(served.language, 'translation', catalog, true, true);
  void i18n.changeLanguage(served.language);
  hydrate(queryClient, served.queries as DehydratedState);
  // The data arrived with the page: it is as fresh as the page, whatever the two clocks say.
  const now = Date.now();
  for (const query of queryClient.getQueryCache().getAll()) query.setState({ dataUpdatedAt: now });
  hydrateRoot(
    container,
    <StrictMode>
      <App queryClient={queryClient} initialLanguage={served.language} />
    </StrictMode>,
  );
} else {
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
