import type { ApiError } from '../http/errors.js';
import { violatedUniqueConstraint } from './constraint-errors.js';

/**
 * Runs a write of a topic, category or tag. Each checks its slug (and a topic its main-topic name)
 * before writing, to name the right conflict; a race lost to another administrator, which only the
 * unique constraint catches, still gets that same refusal.
 */
export async function withUniqueSlug<T>(
  write: () => Promise<T>,
  conflicts: { slug: () => ApiError; other?: () => ApiError },
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === undefined) throw error;
    if (constraint.includes('slug')) throw conflicts.slug();
    if (conflicts.other) throw conflicts.other();
    throw error;
  }
}
