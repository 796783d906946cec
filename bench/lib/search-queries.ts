/**
 * [language, query]: one to four words, everyday and misspelled, in the four languages. A third of
 * the mix (21 of 62) is misspelled or in another language than the interface's (issue 22):
 * resturant, piza, croisant, pizzza, hamburgesa, crep, Pizzza, Restaurnt, and the twelve at the end.
 */
export const SEARCH_QUERY_MIX: readonly (readonly [string, string])[] = [
  ['fr', 'pizza'],
  ['fr', 'meilleure pizza'],
  ['fr', 'meilleure pizza paris'],
  ['fr', 'burger lyon'],
  ['fr', 'café'],
  ['fr', 'croissant bordeaux pas cher'],
  ['fr', 'sushi'],
  ['fr', 'tapas marseille'],
  ['fr', 'piza'],
  ['fr', 'resturant'],
  ['fr', 'crêpe brunch'],
  ['fr', 'kebab berlin'],
  ['fr', 'ramen haut de gamme'],
  ['en', 'best pizza in Paris'],
  ['en', 'burger'],
  ['en', 'coffee london'],
  ['en', 'best sushi'],
  ['en', 'falafel madrid cheap'],
  ['en', 'restaurant'],
  ['en', 'resturant'],
  ['en', 'croisant'],
  ['en', 'top ramen'],
  ['en', 'couscous'],
  ['en', 'tapas barcelona'],
  ['en', 'cocktail bars'],
  ['es', 'mejor pizza'],
  ['es', 'hamburguesa'],
  ['es', 'tapas sevilla'],
  ['es', 'café barato'],
  ['es', 'mejores tapas de madrid'],
  ['es', 'cruasán'],
  ['es', 'sushi valencia'],
  ['es', 'pizzza'],
  ['es', 'ramen'],
  ['es', 'hamburgesa'],
  ['es', 'kebab londres'],
  ['es', 'crep'],
  ['de', 'beste Pizza'],
  ['de', 'Burger München'],
  ['de', 'Kaffee'],
  ['de', 'Sushi Hamburg'],
  ['de', 'beste Tapas'],
  ['de', 'Döner Berlin günstig'],
  ['de', 'Croissant'],
  ['de', 'Pizzza'],
  ['de', 'Ramen gehoben'],
  ['de', 'Falafel'],
  ['de', 'Couscous Paris'],
  ['de', 'Restaurnt'],
  ['de', 'Crêpe'],
  // Misspelled
  ['fr', 'tappas'],
  ['es', 'churos'],
  ['de', 'shnitzel'],
  ['en', 'coffe london'],
  ['de', 'Kafee Berlin'],
  ['en', 'ramne'],
  // In another language than the interface's
  ['fr', 'coffee berlin'],
  ['de', 'café paris'],
  ['fr', 'kaffee hamburg'],
  ['en', 'hamburguesa madrid'],
  ['es', 'beste pizza'],
  ['de', 'tapas barcelone'],
];

const asked = new Set(SEARCH_QUERY_MIX.map(([language, query]) => `${language}|${query}`));

/** A word with the letter at `at` doubled, or with it and the one before swapped. */
const misspellings = (word: string, at: number) => [
  `${word.slice(0, at)}${word[at] ?? ''}${word.slice(at)}`,
  `${word.slice(0, at - 1)}${word[at] ?? ''}${word[at - 1]}${word.slice(at + 1)}`,
  `${word}${word.at(-1)}`,
];

/**
 * Each query of the mix with its longest word misspelled once more (a letter doubled, or two swapped), so that
 * none has been asked before in the run: what a server answers for a query it has not seen (issue 41), where
 * the mix measures mostly queries it has.
 */
export const UNSEEN_SEARCH_QUERIES: readonly (readonly [string, string])[] = SEARCH_QUERY_MIX.map(
  ([language, query], index) => {
    const words = query.split(' ');
    const longest = words.reduce(
      (best, word, i) => (word.length > (words[best] as string).length ? i : best),
      0,
    );
    const word = words[longest] as string;
    const tried = misspellings(word, Math.max(1, Math.floor(word.length / 2)));
    // Alternately doubled and swapped; whichever is new when the other is a query of the mix (piza, pizza).
    for (const misspelled of index % 2 === 0 ? tried : [tried[1], tried[0], tried[2]]) {
      words[longest] = misspelled as string;
      if (!asked.has(`${language}|${words.join(' ')}`)) break;
    }
    return [language, words.join(' ')] as const;
  },
);
