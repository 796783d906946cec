import { describe, expect, it } from 'vitest';
import { HUB_PAGE_SIZE } from '../../../../common/constants.js';
import { hubSelection, topicPageParams, topicPageQuery } from './hub-selection.js';

const canonical = (query: string) => topicPageQuery(new URLSearchParams(query)).toString();

describe('a topic page’s canonical query', () => {
  it('is the same for every way of writing one selection: page number, tag order, repeats, unknown parameters', () => {
    expect(canonical('tags=b,a&page=02')).toBe('tags=a%2Cb&page=2');
    for (const noisy of ['page=2&tags=a,b', 'tags=b,a,b&page=2', 'tags=a,,b&page=002&utm_source=mail&lng=fr'])
      expect(canonical(noisy)).toBe(canonical('tags=b,a&page=02'));
  });

  it('leaves out the first page and no tag, as the page’s own links do', () => {
    expect(canonical('page=01')).toBe('');
    expect(canonical('page=abc&tags=')).toBe('');
    expect(canonical('page=1&tags=a')).toBe('tags=a');
  });

  it('is what the page’s links write, less the language', () => {
    const link = topicPageParams('en', { tags: ['b', 'a'], page: 3 });
    expect(link.toString()).toBe('lng=en&tags=a%2Cb&page=3');
    expect(canonical(link.toString())).toBe('tags=a%2Cb&page=3');
    expect(hubSelection(link)).toEqual({ tags: ['a', 'b'], page: 3, offset: 2 * HUB_PAGE_SIZE });
  });

  it('keeps a ranking order other than the default, and drops the default or an unknown one', () => {
    expect(canonical('order=average&utm_source=mail')).toBe('order=average');
    expect(canonical('order=points')).toBe('');
    expect(canonical('order=best')).toBe('');
  });

  it('is what the order switch links to, the default order left out', () => {
    expect(topicPageParams('de', { order: 'average' }).toString()).toBe('lng=de&order=average');
    expect(topicPageParams('de', { order: 'points' }).toString()).toBe('lng=de');
    expect(canonical(topicPageParams('de', { order: 'average' }).toString())).toBe('order=average');
  });
});
