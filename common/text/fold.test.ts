import { describe, expect, it } from 'vitest';
import { foldText } from './fold.js';

describe('foldText', () => {
  it.each([
    ['fr: acute, grave and circumflex accents', 'Crème Brûlée à Évian', 'creme brulee a evian'],
    ['fr: cedilla', 'Garçon Français', 'garcon francais'],
    ['fr: oe and ae ligatures', 'Œuvre du Cœur, Ægir', 'oeuvre du coeur aegir'],
    ['fr: apostrophes, straight and curly', "L'Atelier d’Édouard", 'l atelier d edouard'],
    ['en: punctuation between words', 'Rock & Roll: the best!', 'rock roll the best'],
    ['es: ñ and acute accents', 'Año Español, Canción', 'ano espanol cancion'],
    ['es: inverted punctuation', '¿Dónde está? ¡Aquí!', 'donde esta aqui'],
    ['de: sharp s', 'Straße Weißbier', 'strasse weissbier'],
    ['de: capital sharp s', 'GROẞE', 'grosse'],
    ['de: umlauts lose their dots', 'Über Müller Königsplatz', 'uber muller konigsplatz'],
    ['compatibility forms', 'ﬁne ｐｉｚｚａ', 'fine pizza'],
    ['hyphens and underscores', 'saint-étienne_centre', 'saint etienne centre'],
    ['runs of whitespace', '  a \t b\n\nc  ', 'a b c'],
    ['other scripts are kept', 'Москва 東京', 'москва 東京'],
    ['empty text', '', ''],
    ['punctuation only', ' ...!? ', ''],
  ])('folds %s', (_case, input, expected) => {
    expect(foldText(input)).toBe(expected);
  });

  it('gives the same result for precomposed and decomposed accents', () => {
    expect(foldText('Cafe\u0301')).toBe(foldText('Café'));
  });

  it('keeps digits', () => {
    expect(foldText('Top 10 des années 80')).toBe('top 10 des annees 80');
  });
});
