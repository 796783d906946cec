import { HOME_POPULAR_LIMIT } from '../../../../common/constants.js';
import type { PopularParams } from '../../features/topics/index.js';

/** The home page's two popular lists: the page's hooks and its server loader use these very params. */
export const HOME_POPULAR: PopularParams = { limit: HOME_POPULAR_LIMIT };
/** The first main topic by popularity is the featured one. */
export const HOME_FEATURED_MAIN: PopularParams = { limit: 1, type: 'main' };
/** Sub-topics shown under the featured main topic. */
export const HOME_FEATURED_SUBS = HOME_POPULAR_LIMIT;
