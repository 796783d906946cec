import { describe, expect, it } from 'vitest';
import { topicDisplayTitle, UNTITLED_TOPIC } from './topic-display-title.js';

describe('topicDisplayTitle', () => {
  it('turns hyphens into spaces and capitalises each word', () => {
    expect(topicDisplayTitle({ title: 'best-pizza-in-paris' })).toBe('Best Pizza In Paris');
  });

  it('keeps the rest of each word as written', () => {
    expect(topicDisplayTitle({ title: "McDonald's in the USA" })).toBe("McDonald's In The USA");
  });

  it('capitalises accented first letters and not letters after an apostrophe', () => {
    expect(topicDisplayTitle({ title: "écoles de l'état" })).toBe("Écoles De L'état");
  });

  it('falls back to the name, then the slug', () => {
    expect(topicDisplayTitle({ title: '  ', name: 'top-films' })).toBe('Top Films');
    expect(topicDisplayTitle({ title: null, name: '', slug: 'meilleurs-cafes' })).toBe('Meilleurs Cafes');
  });

  it('shows the untitled text when every field is blank', () => {
    expect(topicDisplayTitle({})).toBe(UNTITLED_TOPIC);
    expect(topicDisplayTitle({ title: ' ' }, 'Untitled')).toBe('Untitled');
  });
});
