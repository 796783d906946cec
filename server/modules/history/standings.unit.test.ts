import { describe, expect, it } from 'vitest';
import { type MovedBallot, type PropositionNow, placesAt, snapshotsOver } from './standings.js';

const proposition = (
  id: number,
  totalPoints: number,
  voteCount: number,
  listedAt = '2031-01-01T00:00:00.000Z',
) => ({ id, topicId: 1, listedAt, totalPoints, voteCount }) satisfies PropositionNow;
const places = (first: number | null, second: number | null = null, third: number | null = null) => ({
  first,
  second,
  third,
});
const END_OF_10 = '2031-03-11T00:00:00.000Z';
const END_OF_11 = '2031-03-12T00:00:00.000Z';

describe('placesAt', () => {
  it('ranks by points then voters, ties sharing a rank, and leaves out propositions without points', () => {
    const now = [proposition(1, 5, 2), proposition(2, 5, 2), proposition(3, 5, 3), proposition(4, 0, 0)];
    expect(placesAt(now, [], END_OF_10)).toEqual([
      { propositionId: 3, rank: 1, totalPoints: 5 },
      { propositionId: 1, rank: 2, totalPoints: 5 },
      { propositionId: 2, rank: 2, totalPoints: 5 },
    ]);
  });

  it('takes a ballot cast since back to its version current then, and a proposition listed since out', () => {
    // Now: 1 has 3 points from a ballot cast on the 11th that named 2 first on the 10th.
    const moved: MovedBallot = {
      topicId: 1,
      current: places(1),
      versions: [
        { castAt: '2031-03-10T12:00:00.000Z', places: places(2) },
        { castAt: '2031-03-11T08:00:00.000Z', places: places(1) },
      ],
    };
    const now = [
      proposition(1, 3, 1),
      proposition(2, 0, 0),
      proposition(5, 9, 3, '2031-03-11T01:00:00.000Z'),
    ];
    expect(placesAt(now, [moved], END_OF_10)).toEqual([{ propositionId: 2, rank: 1, totalPoints: 3 }]);
  });

  it('keeps every proposition tied at 10th, and none below', () => {
    const now = Array.from({ length: 12 }, (_, i) => proposition(i + 1, i < 9 ? 30 - i : 5, 1));
    expect(placesAt(now, [], END_OF_10).map((place) => place.rank)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10,
    ]);
  });
});

describe('snapshotsOver', () => {
  it('writes a day only when its places differ from the standing before', () => {
    const now = [proposition(1, 3, 1)];
    const base = [{ propositionId: 1, rank: 1, totalPoints: 3 }];
    expect(snapshotsOver(now, [], [END_OF_10, END_OF_11], base).size).toBe(0);
    expect([...snapshotsOver(now, [], [END_OF_10, END_OF_11], undefined)]).toEqual([[0, base]]);
  });
});
