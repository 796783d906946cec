import { describe, expect, it } from 'vitest';
import { parseQuery } from './parse-query.js';

describe('parseQuery', () => {
  it.each([
    ['en', 'The best pizza in Paris', ['pizza', 'paris'], ['best'], []],
    ['fr', "Les meilleures crêpes de l'Île", ['crepes', 'ile'], ['meilleures'], []],
    ['es', 'Los mejores restaurantes de Madrid', ['restaurantes', 'madrid'], ['mejores'], ['restaurantes']],
    ['de', 'Die besten Biergärten für Familien', ['biergarten', 'familien'], ['besten'], []],
    ['de compound', 'Mein Lieblingsessen', ['mein', 'essen'], ['lieblings'], ['essen']],
  ])('sorts the words of a %s query', (_language, query, keywords, qualifiers, categoryHints) => {
    const parsed = parseQuery(query);
    expect(parsed.keywords).toEqual(keywords);
    expect(parsed.qualifiers).toEqual(qualifiers);
    expect(parsed.categoryHints).toEqual(categoryHints);
  });

  it('drops words under 2 characters', () => {
    expect(parseQuery('a b pizza 5').allWords).toEqual(['pizza']);
  });

  it('lists every significant word once, in query order', () => {
    expect(parseQuery('top pizza Pizza TOP food').allWords).toEqual(['top', 'pizza', 'food']);
  });

  it('keeps category hints among the keywords', () => {
    const parsed = parseQuery('food near me');
    expect(parsed.keywords).toEqual(['food', 'near', 'me']);
    expect(parsed.categoryHints).toEqual(['food']);
  });

  it('finds nothing in an empty or stop-word query', () => {
    expect(parseQuery('   ').allWords).toEqual([]);
    expect(parseQuery('de la et und').allWords).toEqual([]);
  });
});
