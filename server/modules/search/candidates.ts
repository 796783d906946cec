import {
  INFLECTION_ENDINGS,
  type ParsedQuery,
  type TermVocabulary,
  type TypoTerm,
} from '../../../common/search/index.js';
import type { SearchRepository, TermLookup } from './repository.js';
import type { SearchSnapshot, WordLookups } from './snapshot.js';

export type SearchMode = 'predictive' | 'smart';

/**
 * Topics loaded and scored per query. Those having every query word come first, so a little more
 * than the 50 results a query returns is enough; each extra candidate costs its texts' read.
 */
export const CANDIDATE_LIMIT = 60;

/** One query word's index lookups, from the strictest to the widest. */
export interface QueryWordLookups {
  /** The word itself, and in smart search its inflected forms; the last word of a predictive search is a word start. */
  exact: TermLookup[];
  /** The exact ones, plus the word start of the last word in smart search. */
  started: TermLookup[];
  /** Indexed words within the word's typo bound (TermVocabulary.typos). */
  typos: TypoTerm[];
}

/**
 * Index lookups for a query: each keyword as a whole word (smart search adds common inflected
 * endings), the last keyword also as a word start, and each keyword's typo expansions. A query of
 * qualifiers only looks the qualifiers up, exactly, since scoring rewards titles that contain one.
 */
export function lookupsOf(
  parsed: ParsedQuery,
  mode: SearchMode,
  vocabulary: TermVocabulary,
): QueryWordLookups[] {
  const onlyQualifiers = parsed.keywords.length === 0;
  const words = onlyQualifiers ? parsed.qualifiers : parsed.keywords;
  return words.map((word, index) => {
    const last = index === words.length - 1 && !onlyQualifiers;
    const whole: TermLookup[] = [{ term: word, prefix: false, group: index }];
    if (mode === 'smart' && word.length >= 3) {
      for (const ending of INFLECTION_ENDINGS)
        whole.push({ term: word + ending, prefix: false, group: index });
    }
    const start: TermLookup = { term: word, prefix: true, group: index };
    if (last && mode === 'predictive')
      return { exact: [start], started: [start], typos: vocabulary.typos(word) };
    return {
      exact: whole,
      started: last ? [...whole, start] : whole,
      typos: onlyQualifiers ? [] : vocabulary.typos(word),
    };
  });
}

/** A query word's lookups and their postings, counted to let the rarest word drive intersections. */
interface Tier {
  words: WordLookups[];
}

async function tiersOf(
  snapshot: SearchSnapshot,
  vocabulary: TermVocabulary,
  words: readonly QueryWordLookups[],
): Promise<{ strict: Tier; wide: Tier }> {
  const [exact, started] = await Promise.all([
    Promise.all(words.map((word) => snapshot.wordLookups(word.exact))),
    Promise.all(words.map((word) => snapshot.wordLookups(word.started))),
  ]);
  const wide = started.map((word, index): WordLookups => {
    const typos = (words[index] as QueryWordLookups).typos;
    const group = word.lookups[0]?.group ?? index;
    return {
      lookups: [...word.lookups, ...typos.map((typo) => ({ term: typo.term, prefix: false, group }))],
      frequency: typos.reduce((total, typo) => total + vocabulary.count(typo.term), word.frequency),
    };
  });
  return { strict: { words: exact }, wide: { words: wide } };
}

/**
 * Topics worth scoring, up to CANDIDATE_LIMIT, best-matched first: those having every query word
 * exactly (driven by the rarest word, so the work follows the smallest posting list), then every
 * query word counting word starts and typos, then some of the words exactly, then some of them
 * widely. Each step runs only while room is left, so a query that finds enough exact matches costs
 * what it did before typos were tolerated.
 */
export async function candidateTopicIds(
  snapshot: SearchSnapshot,
  repository: SearchRepository,
  vocabulary: TermVocabulary,
  words: readonly QueryWordLookups[],
): Promise<number[]> {
  if (words.length === 0) return [];
  const { strict, wide } = await tiersOf(snapshot, vocabulary, words);
  const ids = new Set<number>();
  const full = () => ids.size >= CANDIDATE_LIMIT;
  const add = (found: readonly number[]) => {
    for (const id of found) {
      if (full()) break;
      ids.add(id);
    }
  };
  const byRarity = (tier: Tier) => [...tier.words].sort((a, b) => a.frequency - b.frequency);
  const sameAsStrict = (tier: Tier) =>
    tier.words.every((word, index) => word.lookups.length === strict.words[index]?.lookups.length);

  for (const tier of [strict, wide]) {
    if (full() || (tier === wide && sameAsStrict(wide))) continue;
    if (tier.words.every((word) => word.frequency > 0)) {
      add(
        await repository.topicIdsWithAll(
          byRarity(tier).map((word) => word.lookups),
          CANDIDATE_LIMIT,
        ),
      );
    }
  }
  if (words.length === 1) return [...ids];
  for (const tier of [strict, wide]) {
    if (tier === wide && sameAsStrict(wide)) continue;
    for (const word of byRarity(tier)) {
      if (full()) break;
      if (word.frequency > 0) add(await repository.topicIdsWithAny(word.lookups, CANDIDATE_LIMIT));
    }
  }
  return [...ids];
}
