import { describe, expect, it } from 'vitest';
import { entriesOf, existingMatch, placeOf, placesFromVotes, toggleMedal, typePlace } from './draft.js';

const names = ['Pizzeria Da Marco', 'Luigi', 'Chez Nino'];

describe('vote draft', () => {
  it('picks an existing proposition on an exact, case-insensitive match', () => {
    expect(typePlace(['', '', ''], 0, 'luigi', names)).toEqual(['Luigi', '', '']);
    expect(typePlace(['', '', ''], 0, 'luig', names)).toEqual(['luig', '', '']);
  });

  it('clears another place that holds the name being typed', () => {
    expect(typePlace(['Luigi', 'Chez Nino', ''], 2, 'LUIGI', names)).toEqual(['', 'Chez Nino', 'Luigi']);
    expect(typePlace(['New place', '', ''], 1, 'new  place', names)).toEqual(['', 'new  place', '']);
  });

  it('sets a place with a medal, moves the name out of its old place, and toggles off on a second click', () => {
    const first = toggleMedal(['', '', ''], 0, 'Luigi');
    expect(first).toEqual(['Luigi', '', '']);
    const moved = toggleMedal(first, 2, 'Luigi');
    expect(moved).toEqual(['', '', 'Luigi']);
    expect(toggleMedal(moved, 2, 'Luigi')).toEqual(['', '', '']);
    expect(toggleMedal(['Luigi', '', ''], 0, 'Chez Nino')).toEqual(['Chez Nino', '', '']);
  });

  it('finds places and matches ignoring case and accents', () => {
    expect(placeOf(['', 'Pizzéria da marco', ''], 'Pizzeria Da Marco')).toBe(1);
    expect(placeOf(['', '', ''], 'Luigi')).toBeUndefined();
    expect(existingMatch(' chez nino ', names)).toBe('Chez Nino');
  });

  it('turns places into entries with 3, 2, 1 points, skipping empty ones, and back', () => {
    expect(entriesOf([' A ', '', 'C'])).toEqual([
      { itemName: 'A', points: 3 },
      { itemName: 'C', points: 1 },
    ]);
    expect(entriesOf(['', ' ', ''])).toEqual([]);
    expect(
      placesFromVotes([
        { itemName: 'C', points: 1 },
        { itemName: 'A', points: 3 },
      ]),
    ).toEqual(['A', '', 'C']);
  });
});
