import { MAX_SUGGESTIONS } from '../constants.js';
import { foldText } from '../text/fold.js';

/** SPEC.md section 9: relevance added to the score when ordering results. */
export const DEFAULT_RELEVANCE = { topic: 8, category: 10, popular: 5 } as const;

/** A scored search result; `relevance` defaults by type (topic 8, category and subcategory 10, else 0). */
export interface RankableResult {
  type: string;
  id: string | number;
  title: string;
  score: number;
  relevance?: number;
  /** Breaks ties of score plus relevance: the more voted first (none counts as 0). */
  voteCount?: number;
  /** Every query word matched (CandidateScore.complete): such results come before all others. */
  complete?: boolean;
}

/** Relevance of a result: its own, else its type's default. */
export function relevanceOf(result: RankableResult): number {
  if (result.relevance !== undefined) return result.relevance;
  if (result.type === 'topic') return DEFAULT_RELEVANCE.topic;
  if (result.type === 'category' || result.type === 'subcategory') return DEFAULT_RELEVANCE.category;
  return 0;
}

/**
 * Keeps results scoring above 0, once per `${type}:${id}` (the best-ranked copy), ordered complete
 * ones first (every query word matched: docs/decisions/007), then by score plus relevance (highest
 * first), then by votes (most first: of two equally good matches, people want
 * the one others use), then by folded title and id so that the order never depends on the input's,
 * at most `limit`.
 */
export function rankResults<T extends RankableResult>(
  items: readonly T[],
  limit: number = MAX_SUGGESTIONS,
): T[] {
  // The folded title breaks ties only, so it is computed when a tie needs it.
  const bestByKey = new Map<string, { item: T; total: number; titleKey?: string }>();
  for (const item of items) {
    if (!(item.score > 0)) continue;
    const key = `${item.type}:${item.id}`;
    const total = item.score + relevanceOf(item);
    const kept = bestByKey.get(key);
    if (kept === undefined || total > kept.total) {
      bestByKey.set(key, { item, total });
    }
  }
  return [...bestByKey.values()]
    .sort(
      (a, b) =>
        Number(b.item.complete ?? false) - Number(a.item.complete ?? false) ||
        b.total - a.total ||
        (b.item.voteCount ?? 0) - (a.item.voteCount ?? 0) ||
        compareText(titleKeyOf(a), titleKeyOf(b)) ||
        compareText(a.item.title, b.item.title) ||
        compareIds(a.item.id, b.item.id),
    )
    .slice(0, Math.max(0, limit))
    .map((entry) => entry.item);
}

function titleKeyOf(entry: { item: RankableResult; titleKey?: string }): string {
  if (entry.titleKey === undefined) entry.titleKey = foldText(entry.item.title);
  return entry.titleKey;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareIds(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : compareText(String(a), String(b));
}
