import { propositionKey } from '../../../../common/text/proposition-key.js';

/** The three places being edited: 1st (3 points), 2nd (2), 3rd (1); '' is an empty place. */
export type Places = readonly [string, string, string];
export type PlaceIndex = 0 | 1 | 2;

export const EMPTY_PLACES: Places = ['', '', ''];
export const PLACE_INDEXES: readonly PlaceIndex[] = [0, 1, 2];

/** Points of a place: 1st gives 3, 2nd 2, 3rd 1. */
export const pointsOf = (index: PlaceIndex) => (3 - index) as 3 | 2 | 1;

const sameName = (a: string, b: string) => {
  const key = propositionKey(a);
  return key !== '' && key === propositionKey(b);
};

function withPlace(places: Places, index: PlaceIndex, value: string): Places {
  // A name can hold one place only: putting it here empties the place it had.
  return places.map((current, i) =>
    i === index ? value : sameName(current, value) ? '' : current,
  ) as unknown as Places;
}

/**
 * What typing does to a place: an exact, case-insensitive match of an existing proposition takes
 * that proposition's own spelling, and the same name in another place is cleared there.
 */
export function typePlace(
  places: Places,
  index: PlaceIndex,
  value: string,
  existingNames: readonly string[],
): Places {
  const typed = value.trim().toLowerCase();
  const match = typed === '' ? undefined : existingNames.find((name) => name.trim().toLowerCase() === typed);
  return withPlace(places, index, match ?? value);
}

/** A medal click on a ranking row: sets the place, or empties it when the row already holds it. */
export function toggleMedal(places: Places, index: PlaceIndex, name: string): Places {
  if (sameName(places[index], name)) return withPlace(places, index, '');
  return withPlace(places, index, name);
}

/** The place a name holds, if any. */
export function placeOf(places: Places, name: string): PlaceIndex | undefined {
  return PLACE_INDEXES.find((index) => sameName(places[index], name));
}

/** The existing proposition a place names (by propositionKey), if any. */
export function existingMatch(value: string, existingNames: readonly string[]): string | undefined {
  return existingNames.find((name) => sameName(name, value));
}

/** The request entries for the filled places; an empty list means "not voting for this topic". */
export function entriesOf(places: Places): { itemName: string; points: 3 | 2 | 1 }[] {
  return PLACE_INDEXES.flatMap((index) => {
    const itemName = places[index].trim();
    return itemName === '' ? [] : [{ itemName, points: pointsOf(index) }];
  });
}

/** Places from saved votes (points 3, 2, 1 to places 1, 2, 3). */
export function placesFromVotes(votes: readonly { itemName: string; points: number }[]): Places {
  const places: [string, string, string] = ['', '', ''];
  for (const vote of votes) {
    const index = 3 - vote.points;
    if (index === 0 || index === 1 || index === 2) places[index] = vote.itemName;
  }
  return places;
}
