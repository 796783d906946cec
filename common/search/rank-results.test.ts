import { describe, expect, it } from 'vitest';
import { MAX_SUGGESTIONS } from '../constants.js';
import { type RankableResult, rankResults, relevanceOf } from './rank-results.js';

const result = (type: string, id: number, score: number, title = `${type} ${id}`): RankableResult => ({
  type,
  id,
  title,
  score,
});

describe('rankResults', () => {
  it('drops results scoring 0', () => {
    expect(rankResults([result('topic', 1, 0), result('topic', 2, 5)]).map((r) => r.id)).toEqual([2]);
  });

  it('keeps one copy per type and id, the best one', () => {
    const ranked = rankResults([result('topic', 1, 10), result('topic', 1, 30), result('tag', 1, 5)]);
    expect(ranked.map((r) => [r.type, r.score])).toEqual([
      ['topic', 30],
      ['tag', 5],
    ]);
  });

  it('orders by score plus relevance', () => {
    // topic 35 + 8 = 43, category 34 + 10 = 44, tag 40 + 0 = 40
    const ranked = rankResults([result('topic', 1, 35), result('category', 2, 34), result('tag', 3, 40)]);
    expect(ranked.map((r) => r.type)).toEqual(['category', 'topic', 'tag']);
  });

  it('uses a result’s own relevance when it has one', () => {
    expect(relevanceOf({ ...result('topic', 1, 1), relevance: 5 })).toBe(5);
    expect(relevanceOf(result('subcategory', 1, 1))).toBe(10);
  });

  it('breaks ties by votes, the most voted first, before the title', () => {
    const ranked = rankResults([
      { ...result('topic', 1, 20, 'Aardvark'), voteCount: 0 },
      { ...result('topic', 2, 20, 'Zebra'), voteCount: 12 },
      { ...result('topic', 3, 20, 'Moose'), voteCount: 5 },
      { ...result('topic', 4, 21, 'Yak'), voteCount: 0 },
    ]);
    expect(ranked.map((r) => r.title)).toEqual(['Yak', 'Zebra', 'Moose', 'Aardvark']);
  });

  it('breaks ties of equal votes by title, ignoring case and accents', () => {
    const ranked = rankResults([
      result('topic', 1, 20, 'Zoo'),
      result('topic', 2, 20, 'éclairs'),
      result('topic', 3, 20, 'Bars'),
    ]);
    expect(ranked.map((r) => r.title)).toEqual(['Bars', 'éclairs', 'Zoo']);
  });

  it('puts a result matching every query word above one matching only some, whatever their scores', () => {
    const partial = { ...result('topic', 1, 60), complete: false };
    const complete = { ...result('topic', 2, 40), complete: true };
    expect(rankResults([partial, complete]).map((r) => r.id)).toEqual([2, 1]);
  });

  it(`keeps at most ${MAX_SUGGESTIONS} results`, () => {
    const many = Array.from({ length: 80 }, (_, i) => result('topic', i, i + 1));
    const ranked = rankResults(many);
    expect(ranked).toHaveLength(MAX_SUGGESTIONS);
    expect(ranked[0]?.score).toBe(80);
  });
});
