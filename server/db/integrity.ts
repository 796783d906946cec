/** The totals check lives with the recount that defines the totals (server/modules/rankings/recount.ts). */
export { findTotalsMismatches } from '../modules/rankings/recount.js';
