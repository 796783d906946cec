import { editDistance } from './edit-distance.js';
import { propositionKey } from './proposition-key.js';

/**
 * When a typed name is the same place as a proposition that exists under another spelling (issue 34):
 * the one rule the vote form shows while a person types and the server applies to every ballot, so
 * no client can create a twin that splits one place's points.
 *
 * Two names are twins when
 * - their twin keys are equal: the proposition key (case, accents, punctuation folded) without the
 *   spaces and without "and" in any of the four languages between two words ("Grill & Chill",
 *   "Grill and Chill", "grill et chill", "GrillChill"); or
 * - at TWIN_MIN_LETTERS folded letters or more, their twin keys are one edit apart (a letter added,
 *   dropped, changed, or two neighbours swapped), the typed name is that close to exactly one
 *   existing name, and they carry the same numbers ("Rocky II" and "Rocky III", "Route 66" and
 *   "Route 67" are different things one edit apart).
 * One edit inside a word shorter than TWIN_MIN_LETTERS, but two neighbours swapped, is not a slip but
 * another word ("Da Mario" and "Da Marco", "Marc" and "Marco"): such names stay apart, where the issue's
 * rule alone would have kept a person from naming the second place at all (docs/decisions/014).
 */
export const TWIN_MIN_LETTERS = 6;

/** "and" in French, English, Spanish and German; "&" folds to a space already. */
const CONJUNCTIONS: ReadonlySet<string> = new Set(['and', 'et', 'y', 'und']);
const NUMBER_WORD = /^(?:\d+|[ivxlc]+)$/;

interface TwinForm {
  /** The folded words, inner conjunctions left out. */
  words: string[];
  /** Folded letters and digits, spaces and inner conjunctions left out. */
  compact: string;
  /** The words that read as numbers, in order (digits, roman numerals). */
  numbers: string;
}

function twinForm(name: string): TwinForm {
  const words = propositionKey(name).split(' ');
  const kept = words.filter(
    (word, index) => !(index > 0 && index < words.length - 1 && CONJUNCTIONS.has(word)),
  );
  return {
    words: kept,
    compact: kept.join(''),
    numbers: kept.filter((word) => NUMBER_WORD.test(word)).join(' '),
  };
}

/**
 * Whether the names differ in one word only, both spellings of it shorter than TWIN_MIN_LETTERS, other
 * than by two neighbouring letters swapped: a letter added, dropped or changed in a short word makes
 * another word more often than a slip ("Marc" and "Marco", "Rosa" and "Rose"); a swap is a slip.
 */
function changesAShortWord(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const differing = a.flatMap((word, index) => (word === b[index] ? [] : [[word, b[index] as string]]));
  if (differing.length !== 1) return false;
  const [wordA, wordB] = differing[0] as [string, string];
  if (Math.max(wordA.length, wordB.length) >= TWIN_MIN_LETTERS) return false;
  return !swapsNeighbours(wordA, wordB);
}

function swapsNeighbours(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const at = [...a].findIndex((letter, index) => letter !== b[index]);
  return at >= 0 && a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2);
}

/** The key under which twins by spelling alone are equal (no edit allowed). */
export function twinKey(name: string): string {
  return twinForm(name).compact;
}

/**
 * The existing entry the typed name is a twin of, if any: one with an equal twin key first (the first
 * in `existing` order), else the only one a single edit away. An entry with the same proposition key
 * counts as equal. `nameOf` reads an entry's name; `identityOf` says which entries are one proposition
 * under several names (a proposition and its aliases), so that they count once.
 */
export function findTwin<T>(
  typed: string,
  existing: Iterable<T>,
  nameOf: (entry: T) => string,
  identityOf: (entry: T) => unknown = (entry) => entry,
): T | undefined {
  const target = twinForm(typed);
  if (target.compact === '') return undefined;
  const allowsAnEdit = target.compact.length >= TWIN_MIN_LETTERS;
  let oneEditAway: T | undefined;
  const oneEditIdentities = new Set<unknown>();
  for (const entry of existing) {
    const candidate = twinForm(nameOf(entry));
    if (candidate.compact === target.compact) return entry;
    if (
      allowsAnEdit &&
      candidate.numbers === target.numbers &&
      editDistance(candidate.compact, target.compact, 1) === 1 &&
      !changesAShortWord(candidate.words, target.words)
    ) {
      oneEditAway = entry;
      oneEditIdentities.add(identityOf(entry));
    }
  }
  return oneEditIdentities.size === 1 ? oneEditAway : undefined;
}
