import type { ParsedQuery } from '../../../common/search/index.js';
import type { SearchRepository, TermLookup } from './repository.js';
import type { SearchSnapshot } from './snapshot.js';

export type SearchMode = 'predictive' | 'smart';

/**
 * Topics loaded and scored per query. Those having every query word come first, so a little more
 * than the 50 results a query returns is enough; each extra candidate costs its texts' read.
 */
export const CANDIDATE_LIMIT = 60;

/**
 * Word endings tried after a complete word in smart search, so that "restaurant" also finds
 * "restaurants" and "restaurantes" (scoring counts them as edge matches) without prefix scans.
 */
const INFLECTION_ENDINGS = ['s', 'es', 'x', 'e', 'n', 'en', 'er'];

/**
 * Index lookups for a query: each keyword as a whole word (smart search adds common inflected
 * endings); predictive search reads its last keyword as a word start. A query of qualifiers only
 * looks the qualifiers up, since scoring rewards titles that contain one.
 */
export function lookupsOf(parsed: ParsedQuery, mode: SearchMode): TermLookup[] {
  const words = parsed.keywords.length > 0 ? parsed.keywords : parsed.qualifiers;
  const lookups: TermLookup[] = [];
  words.forEach((word, index) => {
    if (mode === 'predictive' && index === words.length - 1 && parsed.keywords.length > 0) {
      lookups.push({ term: word, prefix: true, group: index });
      return;
    }
    lookups.push({ term: word, prefix: false, group: index });
    if (mode === 'smart' && word.length >= 3) {
      for (const ending of INFLECTION_ENDINGS)
        lookups.push({ term: word + ending, prefix: false, group: index });
    }
  });
  return lookups;
}

/**
 * Topics worth scoring: first those having every query word (driven by the rarest word, so the
 * work follows the smallest posting list), then, if room is left, those having some of them.
 */
export async function candidateTopicIds(
  snapshot: SearchSnapshot,
  repository: SearchRepository,
  lookups: readonly TermLookup[],
): Promise<number[]> {
  const groups = new Map<number, TermLookup[]>();
  for (const lookup of lookups) groups.set(lookup.group, [...(groups.get(lookup.group) ?? []), lookup]);
  if (groups.size === 0) return [];
  const words = await Promise.all([...groups.values()].map((group) => snapshot.wordLookups(group)));
  const byRarity = words.sort((a, b) => a.frequency - b.frequency);
  const found = byRarity.filter((word) => word.frequency > 0).map((word) => word.lookups);
  const ids = new Set(
    found.length === byRarity.length ? await repository.topicIdsWithAll(found, CANDIDATE_LIMIT) : [],
  );
  if (found.length > 1 || found.length < byRarity.length) {
    for (const group of found) {
      if (ids.size >= CANDIDATE_LIMIT) break;
      for (const id of await repository.topicIdsWithAny(group, CANDIDATE_LIMIT)) {
        if (ids.size >= CANDIDATE_LIMIT) break;
        ids.add(id);
      }
    }
  }
  return [...ids];
}
