import type { Kysely } from 'kysely';
import type { Clock } from '../clock/clock.js';
import type { Database } from '../db/schema.js';
import { CacheBudget } from './budget.js';

/** CACHE_BUDGET_MB's default (server/config.ts says why it is that size). */
export const DEFAULT_CACHE_BUDGET_MB = 64;
/** The budget until the app configures one (a script, or a test over a bare database). */
export const DEFAULT_CACHE_BUDGET_BYTES = DEFAULT_CACHE_BUDGET_MB * 1024 * 1024;

const budgets = new WeakMap<Kysely<Database>, CacheBudget>();

/**
 * Gives the caches of this database their budget's size and the app's clock. The app calls it once at
 * its start (the caches are made on first use, per database: server/db/per-database.ts, and one made
 * earlier follows too).
 */
export function configureCacheBudget(
  db: Kysely<Database>,
  options: { maxBytes: number; clock: Clock },
): void {
  cacheBudgetFor(db).configure(options);
}

/** The one budget every in-process cache of this database's app shares. */
export function cacheBudgetFor(db: Kysely<Database>): CacheBudget {
  let budget = budgets.get(db);
  if (!budget) {
    budget = new CacheBudget({ maxBytes: DEFAULT_CACHE_BUDGET_BYTES });
    budgets.set(db, budget);
  }
  return budget;
}
