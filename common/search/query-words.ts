import type { Language } from '../constants.js';
import { foldText } from '../text/fold.js';

/** The words search treats specially, per language, as people write them. */
export interface QueryWordList {
  /** Ignored entirely. */
  stopWords: readonly string[];
  /** Ask for a ranking ("best", "meilleur"): rewarded in titles, never required. */
  qualifiers: readonly string[];
  /** Name a kind of category ("food", "restaurante"): searched like any word, reported apart. */
  categoryHints: readonly string[];
}

/**
 * English lists are SPEC.md section 9's, with a few additions; fr, es and de are their equivalents.
 * Search reads the lists of all languages at once (a query's language does not pick one), so a language
 * added without lists still searches: its words are matched as written, folded, with typo tolerance
 * (search has no stemmer); only its own stop words and qualifiers count as plain words until it has lists.
 */
export const QUERY_WORDS: Readonly<Partial<Record<Language, QueryWordList>>> = {
  en: {
    stopWords: ['in', 'at', 'the', 'and', 'or', 'for', 'of', 'with', 'to', 'from', 'an', 'on', 'by'],
    qualifiers: [
      'best',
      'top',
      'great',
      'greatest',
      'good',
      'worst',
      'favorite',
      'favourite',
      'popular',
      'cheap',
      'cheapest',
      'affordable',
    ],
    categoryHints: [
      'food',
      'restaurant',
      'restaurants',
      'entertainment',
      'activity',
      'activities',
      'place',
      'places',
      'service',
      'services',
    ],
  },
  fr: {
    stopWords: [
      'le',
      'la',
      'les',
      'de',
      'des',
      'du',
      'à',
      'au',
      'aux',
      'en',
      'et',
      'ou',
      'pour',
      'avec',
      'dans',
      'un',
      'une',
      'sur',
      'par',
      // "pas cher": the qualifier is "cher"
      'pas',
    ],
    qualifiers: [
      'meilleur',
      'meilleure',
      'meilleurs',
      'meilleures',
      'top',
      'bon',
      'bonne',
      'bons',
      'bonnes',
      'pire',
      'pires',
      'préféré',
      'préférée',
      'préférés',
      'préférées',
      'populaire',
      'populaires',
      'cher',
      'chers',
      'abordable',
      'abordables',
    ],
    categoryHints: [
      'nourriture',
      'restaurant',
      'restaurants',
      'divertissement',
      'divertissements',
      'activité',
      'activités',
      'lieu',
      'lieux',
      'service',
      'services',
    ],
  },
  es: {
    stopWords: [
      'el',
      'la',
      'los',
      'las',
      'de',
      'del',
      'al',
      'en',
      'y',
      'o',
      'para',
      'por',
      'con',
      'un',
      'una',
      'unos',
      'unas',
    ],
    qualifiers: [
      'mejor',
      'mejores',
      'top',
      'bueno',
      'buena',
      'buenos',
      'buenas',
      'peor',
      'peores',
      'favorito',
      'favorita',
      'favoritos',
      'favoritas',
      'popular',
      'populares',
      'barato',
      'barata',
      'baratos',
      'baratas',
      'económico',
      'económica',
    ],
    categoryHints: [
      'comida',
      'restaurante',
      'restaurantes',
      'entretenimiento',
      'actividad',
      'actividades',
      'lugar',
      'lugares',
      'servicio',
      'servicios',
    ],
  },
  de: {
    stopWords: [
      'der',
      'die',
      'das',
      'den',
      'dem',
      'des',
      'in',
      'im',
      'am',
      'und',
      'oder',
      'für',
      'mit',
      'von',
      'zu',
      'zum',
      'zur',
      'ein',
      'eine',
      'einen',
    ],
    qualifiers: [
      'beste',
      'besten',
      'bester',
      'bestes',
      'top',
      'gut',
      'gute',
      'guten',
      'guter',
      'gutes',
      'schlechteste',
      'schlechtesten',
      'schlechtester',
      'beliebt',
      'beliebte',
      'beliebten',
      'beliebteste',
      'beliebtesten',
      'lieblings',
      'günstig',
      'günstige',
      'günstigen',
      'günstiger',
      'billig',
      'billige',
      'billigen',
    ],
    categoryHints: [
      'essen',
      'restaurant',
      'restaurants',
      'unterhaltung',
      'aktivität',
      'aktivitäten',
      'ort',
      'orte',
      'dienst',
      'dienste',
      'dienstleistung',
      'dienstleistungen',
    ],
  },
};

/**
 * German glues "Lieblings" to the noun ("Lieblingsrestaurant"): a word starting with it is read as
 * the qualifier plus the rest of the word.
 */
export const QUALIFIER_PREFIXES: readonly string[] = ['lieblings'];

function foldedSet(pick: (list: QueryWordList) => readonly string[]): ReadonlySet<string> {
  return new Set(Object.values(QUERY_WORDS).flatMap((list) => (list ? pick(list).map(foldText) : [])));
}

/** Folded stop words of every language that has lists. */
export const STOP_WORDS: ReadonlySet<string> = foldedSet((list) => list.stopWords);
/** Folded qualifier words of every language that has lists. */
export const QUALIFIER_WORDS: ReadonlySet<string> = foldedSet((list) => list.qualifiers);
/** Folded category hint words of every language that has lists. */
export const CATEGORY_HINT_WORDS: ReadonlySet<string> = foldedSet((list) => list.categoryHints);

/** Whether a folded word is a qualifier, including a German "Lieblings..." compound. */
export function isQualifierWord(word: string): boolean {
  return QUALIFIER_WORDS.has(word) || QUALIFIER_PREFIXES.some((prefix) => word.startsWith(prefix));
}
