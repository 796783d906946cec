import { z } from 'zod';
import { idParam } from './fields.js';

/** A feed's language, as the pages' addresses say it (`?lng=`; the default language without it). */
export const feedQuery = z.object({ lng: z.string().max(20).optional() });
export const topicFeedParams = z.object({ topicId: idParam });
export const categoryFeedParams = z.object({ categoryId: idParam });
