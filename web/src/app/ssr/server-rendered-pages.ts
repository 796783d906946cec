import type { ClientRouteName } from '../../../../common/routes.js';
import { loadHomePage } from '../../pages/home/load-home.js';
import type { PageLoader } from '../../shared/ssr/page-loader.js';

/**
 * The pages rendered on the server, each with the loader of its data. A page not listed here is
 * served as the empty shell and rendered in the browser. Adding one (topic, hub, search) is a line
 * here, a loader beside the page, and a method of `PageDataSource` if it needs a new kind of data.
 */
export const SERVER_RENDERED_PAGES: Partial<Record<ClientRouteName, PageLoader>> = {
  home: loadHomePage,
};
