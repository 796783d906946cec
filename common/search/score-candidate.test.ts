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
  // pizz: 10 matched + 5 edge (starts "pizza"); all +20 = 35
  ['a keyword starting a word', { query: 'pizz', candidate: pizzaInParis, score: 35, label: 'all-words' }],
  // izz: 10 matched, inner so no +5; all +20 = 30
  ['a keyword inside a word', { query: 'izz', candidate: pizzaInParis, score: 30, label: 'all-words' }],
  // bar: 10 matched + 5 edge (ends "minibar"); all +20 = 35
  ['a keyword ending a word', { query: 'bar', candidate: minibars, score: 35, label: 'all-words' }],
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
  // "pa" has 2 letters: whole words only, unmatched; pizza 15 = 15
  [
    'short last word, not predictive',
    { query: 'pizza pa', candidate: pizzaInParis, score: 15, label: 'partial' },
  ],
  // predictive: "pa" starts "paris": 10 + 5 edge; pizza 15; 2 words x5 = 10; all +20 = 60
  [
    'short last word, predictive',
    {
      query: 'pizza pa',
      candidate: pizzaInParis,
      options: { prefixLastWord: true },
      score: 60,
      label: 'all-words',
    },
  ],
  // tv: 10 + 5 whole word; "greatest" qualifier but none in query; all +20 = 35
  ['a two-letter whole word', { query: 'tv', candidate: tvSeries, score: 35, label: 'all-words' }],
  // restaurant: 10 + 5 edge ("restaurants"); +15 category (a category is its own category); all +20 = 50
  [
    'a category candidate',
    { query: 'restaurant', candidate: restaurantsCategory, score: 50, label: 'all-words' },
  ],
  // food 15 (parent), pizzeria 15 (edge of "pizzerias"); +15 category; 2 words x5 = 10; all +20 = 75
  [
    'a subcategory and its parent',
    { query: 'food pizzeria', candidate: pizzeriasSubcategory, score: 75, label: 'all-words' },
  ],
  // Lieblings = qualifier + "restaurant": edge 15; munchen whole 15; +8 ("Beste"); 2 words x5 = 10; all +20 = 68
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

  it('lists the matched keywords in query order', () => {
    const result = scoreCandidate(parseQuery('sushi paris pizza'), prepareCandidate(pizzaInParis));
    expect(result.matchedWords).toEqual(['paris', 'pizza']);
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
