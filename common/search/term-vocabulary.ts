/**
 * The distinct words of the search index, folded, with how many postings each has, and the typo
 * matcher over them: the indexed words within Damerau-Levenshtein distance (optimal string
 * alignment) of a query word.
 *
 * The words are kept sorted in one array, which is walked as the trie it implies: the distance rows
 * of a word's first letters are shared by every word that starts with them, and once a row's
 * minimum exceeds the bound no word with that start can come back under it, so the whole range is
 * skipped by binary search. Memory is the words themselves; a lookup visits only the starts that
 * stay within the bound.
 */

/**
 * Typo bounds (docs/decisions/007): a typed word of 4 letters or more may be one edit from an indexed
 * word, and two when either word has 8 letters or more and the typed one at least 5; a typed word under
 * 4 letters must be exact. The longer word counts because the commonest misspelling drops letters: the
 * person meant "croissant" (9) when typing "crosant" (7), and two edits in a 9-letter word are as
 * likely as in a 9-letter typed word. Two words of 5 to 7 letters may only be one edit apart ("tapas" must not
 * find "tacos").
 */
export const TYPO_BOUNDS = { oneEditFrom: 4, twoEditsFrom: 8, twoEditsTypedFrom: 5 } as const;

/** Edits a typed word of `typed` letters may be from an indexed word of `indexed` letters. */
export function typoBound(typed: number, indexed: number = typed): number {
  if (typed < TYPO_BOUNDS.oneEditFrom) return 0;
  const longer = Math.max(typed, indexed);
  return longer >= TYPO_BOUNDS.twoEditsFrom && typed >= TYPO_BOUNDS.twoEditsTypedFrom ? 2 : 1;
}

/** The most edits a typed word of `typed` letters may be from some indexed word. */
function widestTypoBound(typed: number): number {
  return typoBound(typed, Number.POSITIVE_INFINITY);
}

/** Typo expansions kept per query word: the closest, then the most used. */
export const MAX_TYPO_TERMS = 8;

export interface TypoTerm {
  term: string;
  distance: number;
}

const LAST_CODE_UNIT = '\uffff';
/** Typo lookups remembered; cleared whenever a word is added. */
const TYPO_CACHE_CAPACITY = 5_000;

function sharedStart(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a.charCodeAt(length) === b.charCodeAt(length)) length++;
  return length;
}

export class TermVocabulary {
  /** Sorted by UTF-16 code units (the order `<` uses). */
  private readonly terms: string[];
  private readonly counts: Map<string, number>;
  private readonly typoCache = new Map<string, TypoTerm[]>();

  /** From each term and its posting count. */
  constructor(counts: Iterable<readonly [string, number]>) {
    this.counts = new Map(counts);
    this.terms = [...this.counts.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  get size(): number {
    return this.terms.length;
  }

  has(term: string): boolean {
    return this.counts.has(term);
  }

  /** Postings of a term (0 if unknown). Terms added later count 1: only the order of magnitude matters. */
  count(term: string): number {
    return this.counts.get(term) ?? 0;
  }

  /** Postings of every term starting with `prefix`. */
  prefixCount(prefix: string): number {
    let total = 0;
    const end = this.lowerBound(prefix + LAST_CODE_UNIT);
    for (let i = this.lowerBound(prefix); i < end; i++)
      total += this.counts.get(this.terms[i] as string) ?? 0;
    return total;
  }

  /**
   * Adds terms a change indexed. Terms are never removed: one whose postings are gone only costs a
   * lookup that finds nothing, until the next full load.
   */
  add(terms: Iterable<string>): void {
    let added = false;
    for (const term of terms) {
      if (this.counts.has(term)) continue;
      this.counts.set(term, 1);
      this.terms.splice(this.lowerBound(term), 0, term);
      added = true;
    }
    if (added) this.typoCache.clear();
  }

  /**
   * Indexed words within `typoBound` edits of `word`, other than the word itself, closest first, then
   * the most used, then the longest shared start, at most MAX_TYPO_TERMS.
   */
  typos(word: string): TypoTerm[] {
    const known = this.typoCache.get(word);
    if (known) return known;
    const maxEdits = widestTypoBound(word.length);
    const found = maxEdits === 0 ? [] : this.within(word, maxEdits);
    const sorted = found
      .filter((typo) => typo.distance > 0 && typo.distance <= typoBound(word.length, typo.term.length))
      .sort(
        (a, b) =>
          a.distance - b.distance ||
          this.count(b.term) - this.count(a.term) ||
          sharedStart(word, b.term) - sharedStart(word, a.term) ||
          (a.term < b.term ? -1 : 1),
      )
      .slice(0, MAX_TYPO_TERMS);
    if (this.typoCache.size >= TYPO_CACHE_CAPACITY) this.typoCache.clear();
    this.typoCache.set(word, sorted);
    return sorted;
  }

  /** Every term within `maxEdits` of `word` (optimal string alignment), by a walk of the implied trie. */
  within(word: string, maxEdits: number): TypoTerm[] {
    const width = word.length + 1;
    // rows[d] is the distance row of the current term's first d letters against the word.
    const rows: Int32Array[] = [Int32Array.from({ length: width }, (_, j) => j)];
    const found: TypoTerm[] = [];
    let previous = '';
    let valid = 0;
    let i = 0;
    while (i < this.terms.length) {
      const term = this.terms[i] as string;
      let depth = Math.min(sharedStart(previous, term), valid);
      let prunedAt = -1;
      for (depth += 1; depth <= term.length; depth++) {
        if (this.fillRow(rows, depth, term, word) > maxEdits) {
          prunedAt = depth;
          break;
        }
      }
      previous = term;
      if (prunedAt >= 0) {
        valid = prunedAt - 1;
        i = this.lowerBound(term.slice(0, prunedAt) + LAST_CODE_UNIT);
        continue;
      }
      valid = term.length;
      const distance = (rows[term.length] as Int32Array)[word.length] as number;
      if (distance <= maxEdits) found.push({ term, distance });
      i++;
    }
    return found;
  }

  /** Computes rows[depth] (term letter depth - 1 against every letter of word); returns its minimum. */
  private fillRow(rows: Int32Array[], depth: number, term: string, word: string): number {
    let row = rows[depth];
    if (row === undefined) {
      row = new Int32Array(word.length + 1);
      rows[depth] = row;
    }
    const above = rows[depth - 1] as Int32Array;
    const twoAbove = depth > 1 ? (rows[depth - 2] as Int32Array) : undefined;
    const letter = term.charCodeAt(depth - 1);
    const letterBefore = depth > 1 ? term.charCodeAt(depth - 2) : -1;
    row[0] = depth;
    let minimum = depth;
    for (let j = 1; j <= word.length; j++) {
      const wordLetter = word.charCodeAt(j - 1);
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + (letter === wordLetter ? 0 : 1),
      );
      if (
        twoAbove !== undefined &&
        j > 1 &&
        letter !== wordLetter &&
        letter === word.charCodeAt(j - 2) &&
        letterBefore === wordLetter
      ) {
        best = Math.min(best, (twoAbove[j - 2] as number) + 1);
      }
      row[j] = best;
      if (best < minimum) minimum = best;
    }
    return minimum;
  }

  /** First index whose term is not below `value`. */
  private lowerBound(value: string): number {
    let low = 0;
    let high = this.terms.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.terms[middle] as string) < value) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
