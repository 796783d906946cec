/**
 * The ballot arithmetic: a ballot's places, and the differences a change of them makes to the running
 * totals. Pure; the votes service applies the differences in the ballot's statement, and the recount
 * (recount.ts) proves the running totals equal a count of the counted current ballots.
 */

/** A ballot's places: the proposition given 3, 2 and 1 points, or null where the place is empty. */
export interface Places {
  first: number | null;
  second: number | null;
  third: number | null;
}

export const NO_PLACES: Places = Object.freeze({ first: null, second: null, third: null });

export const PLACES = ['first', 'second', 'third'] as const;
export type Place = (typeof PLACES)[number];

/** The points a place gives. */
export const PLACE_POINTS: Readonly<Record<Place, 3 | 2 | 1>> = { first: 3, second: 2, third: 1 };

/** Changes to one proposition's running totals (each a signed difference). */
export interface TotalsDelta {
  totalPoints: number;
  voteCount: number;
  firstCount: number;
  secondCount: number;
  thirdCount: number;
}

/** What one ballot's change moves: each proposition's totals, and the topic's voters (+1, -1 or 0). */
export interface BallotDelta {
  propositions: Map<number, TotalsDelta>;
  voters: number;
}

/** The counter of the place a proposition holds. */
const PLACE_COUNTER: Readonly<Record<Place, keyof TotalsDelta>> = {
  first: 'firstCount',
  second: 'secondCount',
  third: 'thirdCount',
};

/** The places of a ballot given as proposition id -> points (3, 2 or 1). */
export function placesFromPoints(points: Iterable<readonly [number, number]>): Places {
  const places: Places = { ...NO_PLACES };
  for (const [propositionId, value] of points) {
    const place = PLACES.find((candidate) => PLACE_POINTS[candidate] === value);
    if (place === undefined) throw new RangeError(`points must be 1, 2 or 3, not ${value}`);
    places[place] = propositionId;
  }
  return places;
}

/** The ballot's filled places as [proposition id, points], best place first. */
export function pointsOf(places: Places): [number, 3 | 2 | 1][] {
  return PLACES.flatMap((place) => {
    const id = places[place];
    return id === null ? [] : [[id, PLACE_POINTS[place]] as [number, 3 | 2 | 1]];
  });
}

export function isEmpty(places: Places): boolean {
  return PLACES.every((place) => places[place] === null);
}

export function samePlaces(a: Places, b: Places): boolean {
  return PLACES.every((place) => a[place] === b[place]);
}

/**
 * The differences a ballot's change from `before` to `after` makes to the running totals. A ballot that
 * did not count (held or quarantined) adds nothing before, one that does not count after adds nothing
 * after: a held ballot's re-vote moves nothing, one that starts counting as it is cast moves its places in.
 */
export function ballotDelta(
  before: Places,
  after: Places,
  counted: { before: boolean; after: boolean } = { before: true, after: true },
): BallotDelta {
  const propositions = new Map<number, TotalsDelta>();
  if (!counted.before) before = NO_PLACES;
  if (!counted.after) after = NO_PLACES;
  const move = (places: Places, sign: 1 | -1) => {
    for (const place of PLACES) {
      const id = places[place];
      if (id === null) continue;
      let delta = propositions.get(id);
      if (!delta) {
        delta = { totalPoints: 0, voteCount: 0, firstCount: 0, secondCount: 0, thirdCount: 0 };
        propositions.set(id, delta);
      }
      delta.totalPoints += sign * PLACE_POINTS[place];
      delta.voteCount += sign;
      delta[PLACE_COUNTER[place]] += sign;
    }
  };
  move(before, -1);
  move(after, 1);
  for (const [id, delta] of propositions) {
    if (Object.values(delta).every((value) => value === 0)) propositions.delete(id);
  }
  return { propositions, voters: (isEmpty(after) ? 0 : 1) - (isEmpty(before) ? 0 : 1) };
}
