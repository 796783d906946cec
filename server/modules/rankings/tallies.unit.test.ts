import { describe, expect, it } from 'vitest';
import { ballotDelta, NO_PLACES, placesFromPoints, pointsOf } from './tallies.js';

const delta = (totalPoints: number, voteCount: number, first: number, second: number, third: number) => ({
  totalPoints,
  voteCount,
  firstCount: first,
  secondCount: second,
  thirdCount: third,
});

describe('ballot arithmetic', () => {
  it('gives a first ballot 3, 2 and 1 points and one more voter', () => {
    const moved = ballotDelta(NO_PLACES, { first: 10, second: 11, third: 12 });
    expect(moved.voters).toBe(1);
    expect(Object.fromEntries(moved.propositions)).toEqual({
      10: delta(3, 1, 1, 0, 0),
      11: delta(2, 1, 0, 1, 0),
      12: delta(1, 1, 0, 0, 1),
    });
  });

  it('moves a proposition between places by the difference, and leaves out what did not move', () => {
    const moved = ballotDelta({ first: 10, second: 11, third: null }, { first: 11, second: 10, third: null });
    expect(moved.voters).toBe(0);
    expect(Object.fromEntries(moved.propositions)).toEqual({
      10: delta(-1, 0, -1, 1, 0),
      11: delta(1, 0, 1, -1, 0),
    });
    expect(
      ballotDelta({ first: 10, second: null, third: 12 }, { first: 10, second: null, third: 13 })
        .propositions,
    ).toEqual(
      new Map([
        [12, delta(-1, -1, 0, 0, -1)],
        [13, delta(1, 1, 0, 0, 1)],
      ]),
    );
  });

  it('takes a withdrawal off every total and one voter', () => {
    const moved = ballotDelta({ first: null, second: 11, third: null }, NO_PLACES);
    expect(moved.voters).toBe(-1);
    expect(Object.fromEntries(moved.propositions)).toEqual({ 11: delta(-2, -1, 0, -1, 0) });
  });

  it('moves nothing for a ballot that does not count', () => {
    const held = { before: false, after: false };
    const moved = ballotDelta(
      { first: 11, second: null, third: null },
      { first: 10, second: null, third: null },
      held,
    );
    expect(moved).toEqual({ propositions: new Map(), voters: 0 });
  });

  it('takes a ballot that stops counting out whole, and puts one that starts counting in whole', () => {
    const stops = ballotDelta(
      { first: 10, second: 11, third: null },
      { first: 10, second: 11, third: null },
      {
        before: true,
        after: false,
      },
    );
    expect(Object.fromEntries(stops.propositions)).toEqual({
      10: delta(-3, -1, -1, 0, 0),
      11: delta(-2, -1, 0, -1, 0),
    });
    expect(stops.voters).toBe(-1);
    const starts = ballotDelta(
      NO_PLACES,
      { first: 12, second: null, third: null },
      { before: false, after: true },
    );
    expect(Object.fromEntries(starts.propositions)).toEqual({ 12: delta(3, 1, 1, 0, 0) });
    expect(starts.voters).toBe(1);
  });

  it('reads places from points and back, best place first', () => {
    const places = placesFromPoints([
      [7, 1],
      [5, 3],
    ]);
    expect(places).toEqual({ first: 5, second: null, third: 7 });
    expect(pointsOf(places)).toEqual([
      [5, 3],
      [7, 1],
    ]);
    expect(() => placesFromPoints([[5, 4]])).toThrow(RangeError);
  });
});
