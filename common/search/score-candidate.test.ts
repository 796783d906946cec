import { describe, expect, it } from 'vitest';
import { prepareCandidate, type SearchCandidate } from './candidate.js';
import { parseQuery } from './parse-query.js';
import { type MatchLabel, type ScoreOptions, scoreCandidate } from './score-candidate.js';

const pizzaInParis: SearchCandidate = {
  type: 'topic',
  title: 'Best pizza in Paris',
  description: 'Where to eat the finest slices',
  tagNames: ['Italian', 'Paris'],
  categoryName: 'Food',
};
const cheapPizzaInLyon: SearchCandidate = {
  type: 'topic',
  title: 'Best pizza Lyon',
  tagNames: ['Lyon', 'Cheap'],
  categoryName: 'Food',
};
const tvSeries: SearchCandidate = { type: 'topic', title: 'Greatest TV series', tagNames: [] };
const minibars: SearchCandidate = { type: 'topic', title: 'Hotel minibar', categoryName: 'Travel' };
const cabarets: SearchCandidate = { type: 'topic', title: 'Cabaret shows', categoryName: 'Entertainment' };
const restaurantsCategory: SearchCandidate = { type: 'category', title: 'Restaurants' };
const pizzeriasSubcategory: SearchCandidate = {
  type: 'subcategory',
  title: 'Pizzerias',
  categoryName: 'Food',
};
const munichRestaurants: SearchCandidate = {
  type: 'topic',
  title: 'Beste Restaurants in München',
  categoryName: 'Essen',
};

interface ScoringExample {
  query: string;
  candidate: SearchCandidate;
  options?: ScoreOptions;
  score: number;
  label: MatchLabel;
}

// Each row's comment is its arithmetic under SPEC.md section 9's points.
const examples: Array<[string, ScoringExample]> = [
  // pizza: 10 matched + 5 whole word; all keywords +20 = 35
  ['one whole-word keyword', { query: 'pizza', candidate: pizzaInParis, score: 35, label: 'all-words' }],
  // pizz: 10 matched + 3 edge (starts "pizza": below a whole word, decision 007); all +20 = 33
  ['a keyword starting a word', { query: 'pizz', candidate: pizzaInParis, score: 33, label: 'all-words' }],
  // izz: 10 matched, inner so no +5; all +20 = 30
  ['a keyword inside a word', { query: 'izz', candidate: pizzaInParis, score: 30, label: 'all-words' }],
  // bar: 10 matched + 3 edge (ends "minibar"); all +20 = 33
  ['a keyword ending a word', { query: 'bar', candidate: minibars, score: 33, label: 'all-words' }],
  // bar: 10 matched, inner in "cabaret"; all +20 = 30
  ['a keyword inside "cabaret"', { query: 'bar', candidate: cabarets, score: 30, label: 'all-words' }],
  // italian (a tag): 10 + 5 whole word; all +20 = 35
  ['a tag name', { query: 'italian', candidate: pizzaInParis, score: 35, label: 'all-words' }],
  // food: 10 + 5 whole word (category name is searched); +15 category; all +20 = 50
  ['the category name', { query: 'food', candidate: pizzaInParis, score: 50, label: 'all-words' }],
  // best is a qualifier; pizza 10+5, paris 10+5; +8 qualifier ("Best" in title); 2 words x5 = 10; all +20 = 68
  [
    'qualifier and two keywords',
    { query: 'best pizza paris', candidate: pizzaInParis, score: 68, label: 'exact' },
  ],
  // the, of dropped; pizza 15, paris 15; 2 words x5 = 10; all +20 = 60 (no qualifier in the query)
  [
    'stop words ignored',
    { query: 'the pizza of paris', candidate: pizzaInParis, score: 60, label: 'all-words' },
  ],
  // pizza 15; sushi unmatched, so no per-word or all-words bonus = 15
  ['one of two keywords', { query: 'pizza sushi', candidate: pizzaInParis, score: 15, label: 'partial' }],
  // sushi unmatched; qualifier alone does not count when keywords exist = 0
  [
    'qualifier without a keyword match',
    { query: 'best sushi', candidate: pizzaInParis, score: 0, label: 'none' },
  ],
  // no keywords; qualifier "top" in query, "Best" in title: +8 = 8
  ['qualifier-only query', { query: 'top', candidate: pizzaInParis, score: 8, label: 'qualifier' }],
  // French qualifier rewards an English one: pizza 15; +8 qualifier; all +20 = 43
  [
    'qualifier across languages',
    { query: 'meilleure pizza', candidate: pizzaInParis, score: 43, label: 'all-words' },
  ],
  // pizza 15; +8 qualifier ("Best" in title); +5 "cheap" named by a tag; all +20 = 48
  [
    'a qualifier the candidate names outside its title',
    { query: 'cheap pizza', candidate: cheapPizzaInLyon, score: 48, label: 'all-words' },
  ],
  // the same query on a topic without the tag: pizza 15; +8 qualifier; all +20 = 43
  [
    'a qualifier the candidate does not name',
    { query: 'cheap pizza', candidate: pizzaInParis, score: 43, label: 'all-words' },
  ],
  // "günstige" is the tag "Günstig" inflected: pizza 15; +8; +5; all +20 = 48
  [
    'an inflected qualifier named by a tag in another language',
    {
      query: 'günstige pizza',
      candidate: { ...cheapPizzaInLyon, tagNames: ['Lyon', 'Günstig'] },
      score: 48,
      label: 'all-words',
    },
  ],
  // "pa" has 2 letters: whole words only, unmatched; pizza 15 = 15
  [
    'short last word, not predictive',
    { query: 'pizza pa', candidate: pizzaInParis, score: 15, label: 'partial' },
  ],
  // predictive: "pa" starts "paris": 10 + 3 edge; pizza 15; 2 words x5 = 10; all +20 = 58
  [
    'short last word, predictive',
    {
      query: 'pizza pa',
      candidate: pizzaInParis,
      options: { prefixLastWord: true },
      score: 58,
      label: 'all-words',
    },
  ],
  // tv: 10 + 5 whole word; "greatest" qualifier but none in query; all +20 = 35
  ['a two-letter whole word', { query: 'tv', candidate: tvSeries, score: 35, label: 'all-words' }],
  // restaurant: 10 + 5 exact ("restaurants" is an inflection); +15 category (a category is its own category); all +20 = 50
  [
    'a category candidate',
    { query: 'restaurant', candidate: restaurantsCategory, score: 50, label: 'all-words' },
  ],
  // food 15 (parent), pizzeria 15 (inflected "pizzerias"); +15 category; 2 words x5 = 10; all +20 = 75
  [
    'a subcategory and its parent',
    { query: 'food pizzeria', candidate: pizzeriasSubcategory, score: 75, label: 'all-words' },
  ],
  // Lieblings = qualifier + "restaurant": inflected "restaurants" 15; munchen whole 15; +8 ("Beste"); 2 words x5 = 10; all +20 = 68
  [
    'a German compound qualifier',
    { query: 'Lieblingsrestaurant in München', candidate: munichRestaurants, score: 68, label: 'all-words' },
  ],
  // beste qualifier; restaurants 15, munchen 15; +8; 2 words x5 = 10; all +20 = 68; same words as the title
  [
    'the exact title',
    { query: 'beste restaurants münchen', candidate: munichRestaurants, score: 68, label: 'exact' },
  ],
];

describe('scoreCandidate', () => {
  it.each(examples)('scores %s', (_case, { query, candidate, options, score, label }) => {
    const result = scoreCandidate(parseQuery(query), prepareCandidate(candidate), options);
    expect(result.score).toBe(score);
    expect(result.matchLabel).toBe(label);
  });

  it('counts a whole-word match 5 more than an inner substring match', () => {
    const prepared = prepareCandidate({ type: 'topic', title: 'Pizza pizzeria' } as const);
    const whole = scoreCandidate(parseQuery('pizza'), prepareCandidate({ type: 'topic', title: 'pizza' }));
    const inner = scoreCandidate(parseQuery('izz'), prepared);
    expect(whole.score - inner.score).toBe(5);
  });

  it('lists the indexed words that matched, in query order', () => {
    const result = scoreCandidate(parseQuery('sushi paris pizza'), prepareCandidate(pizzaInParis));
    expect(result.matchedWords).toEqual(['paris', 'pizza']);
    const typed = scoreCandidate(parseQuery('piza pa'), prepareCandidate(pizzaInParis), {
      prefixLastWord: true,
      typos: new Map([['piza', [{ term: 'pizza', distance: 1 }]]]),
    });
    expect(typed.matchedWords).toEqual(['pizza', 'paris']);
  });

  it('ignores case, accents and punctuation', () => {
    const candidate = prepareCandidate({ type: 'topic', title: 'Crêpes à Montréal' } as const);
    expect(scoreCandidate(parseQuery('CREPES montreal!'), candidate).score).toBe(60);
  });

  it('finds a candidate by its other texts, such as translated titles', () => {
    const candidate = prepareCandidate({
      type: 'topic',
      title: 'Best beaches',
      otherTexts: ['Meilleures plages'],
    });
    expect(scoreCandidate(parseQuery('plages'), candidate).matchedWords).toEqual(['plages']);
  });

  it('gives nothing to a query made only of stop words', () => {
    expect(scoreCandidate(parseQuery('the of in'), prepareCandidate(pizzaInParis)).score).toBe(0);
  });

  it('gives the same result when the parsed query is reused across candidates', () => {
    const query = parseQuery('pizza paris');
    const first = scoreCandidate(query, prepareCandidate(pizzaInParis));
    scoreCandidate(query, prepareCandidate(tvSeries));
    expect(scoreCandidate(query, prepareCandidate(pizzaInParis))).toEqual(first);
  });
});

describe('scoreCandidate: typos, word starts and other languages (decision 007)', () => {
  const kaffee = prepareCandidate({ type: 'topic', title: 'Bester Kaffee', tagNames: ['Berlin'] });
  const allLanguages = prepareCandidate({
    type: 'topic',
    title: 'Bester Kaffee Meilleur café Best coffee',
    tagNames: ['Berlin'],
  });
  const typos = new Map([
    ['kafee', [{ term: 'kaffee', distance: 1 }]],
    ['kafffe', [{ term: 'kaffee', distance: 2 }]],
  ]);
  const score = (query: string, options: ScoreOptions = {}) =>
    scoreCandidate(parseQuery(query), kaffee, { typos, other: allLanguages, ...options }).score;

  it('ranks exact above a word start, a word start above one typo, one typo above two', () => {
    const exact = score('kaffee');
    const start = score('kaff', { prefixLastWord: true });
    const oneTypo = score('kafee');
    const twoTypos = score('kafffe');
    // 35, 33, 31, 29: 10 + 5 / 3 / 1 / -1, all +20
    expect([exact, start, oneTypo, twoTypos]).toEqual([35, 33, 31, 29]);
  });

  it("ranks a match in the visitor's language above the same match in another", () => {
    // coffee is only in the English title: 10 + 5 - 1; all +20 = 34, one below "kaffee"
    expect(score('coffee')).toBe(34);
    expect(score('kaffee') - score('coffee')).toBe(1);
    expect(scoreCandidate(parseQuery('coffee'), kaffee).score).toBe(0);
  });

  it('counts more matched words above fewer, and marks a result complete only when every word matched', () => {
    const both = scoreCandidate(parseQuery('coffee berlin'), kaffee, { other: allLanguages });
    const one = scoreCandidate(parseQuery('coffee hamburg'), kaffee, { other: allLanguages });
    expect(both.score).toBeGreaterThan(one.score);
    expect([both.complete, one.complete]).toEqual([true, false]);
    expect(both.matchedWords).toEqual(['coffee', 'berlin']);
  });
});
