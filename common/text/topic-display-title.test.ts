import { describe, expect, it } from 'vitest';
import { topicDisplayTitle, UNTITLED_TOPIC } from './topic-display-title.js';

describe('topicDisplayTitle', () => {
  it('shows a written title as its author wrote it, in any language', () => {
    expect(topicDisplayTitle({ title: 'Meilleure glace artisanale de Paris' })).toBe(
      'Meilleure glace artisanale de Paris',
    );
    expect(topicDisplayTitle({ title: "McDonald's in the USA" })).toBe("McDonald's in the USA");
    expect(topicDisplayTitle({ title: '  Bestes handgemachtes Eis in Paris ' })).toBe(
      'Bestes handgemachtes Eis in Paris',
    );
  });

  it('keeps hyphens that are part of a written title', () => {
    expect(topicDisplayTitle({ title: 'Best hole-in-the-wall bars' })).toBe('Best hole-in-the-wall bars');
  });

  it('turns a slug-shaped title into words, each capitalised, accents included', () => {
    expect(topicDisplayTitle({ title: 'best-pizza-in-paris' })).toBe('Best Pizza In Paris');
    expect(topicDisplayTitle({ title: 'écoles-de-paris' })).toBe('Écoles De Paris');
  });

  it('falls back to the name, then the slug', () => {
    expect(topicDisplayTitle({ title: '  ', name: 'Top films' })).toBe('Top films');
    expect(topicDisplayTitle({ title: null, name: '', slug: 'meilleurs-cafes' })).toBe('Meilleurs Cafes');
  });

  it('shows the untitled text when every field is blank', () => {
    expect(topicDisplayTitle({})).toBe(UNTITLED_TOPIC);
    expect(topicDisplayTitle({ title: ' ' }, 'Untitled')).toBe('Untitled');
  });
});
