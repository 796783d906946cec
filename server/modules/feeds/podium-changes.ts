import { addDays } from '../../../common/history/days.js';

/** A place on a podium: a proposition of competition rank 1 to 3, its name and points. */
export interface PodiumPlace {
  propositionId: number;
  rank: number;
  name: string;
  points: number;
}

/** A day of a topic's rank history (decision 023) with its podium at the day's end. */
export interface SnapshotPodium {
  day: string;
  places: PodiumPlace[];
}

/**
 * A time the podium changed: the podium it became, the one before (for "New leader"), when it was seen
 * (a day's end, or the last vote for the standing now) and its identity. `after` is the day of the
 * snapshot it follows (null: the topic's first), so the current standing's change and the snapshot that
 * later records it share `after` and `key`: a feed reader sees one entry, updated, never two.
 */
export interface PodiumChange {
  after: string | null;
  key: string;
  places: PodiumPlace[];
  previous: PodiumPlace[];
  updated: string;
}

/** The podium's identity: which propositions hold which ranks (points alone moving is no change). */
export function podiumKey(places: readonly PodiumPlace[]): string {
  return (
    [...places]
      .sort((a, b) => a.rank - b.rank || a.propositionId - b.propositionId)
      .map((place) => `${place.propositionId}.${place.rank}`)
      .join('-') || 'empty'
  );
}

/**
 * The podium's changes, newest first, at most `limit`: each snapshot whose podium differs from the one
 * before (the first snapshot with places counts as a change from nothing), then, when the standing now
 * differs from the last snapshot, a change for it, seen at `now.updated`.
 */
export function podiumChanges(
  snapshots: readonly SnapshotPodium[],
  now: { places: readonly PodiumPlace[]; updated: string },
  limit: number,
): PodiumChange[] {
  const changes: PodiumChange[] = [];
  let previous: PodiumPlace[] = [];
  let previousKey = podiumKey([]);
  let after: string | null = null;
  for (const snapshot of snapshots) {
    const key = podiumKey(snapshot.places);
    if (key !== previousKey)
      changes.push({
        after,
        key,
        places: snapshot.places,
        previous,
        // The standing at the end of the day: the instant the next one begins.
        updated: `${addDays(snapshot.day, 1)}T00:00:00.000Z`,
      });
    previous = snapshot.places;
    previousKey = key;
    after = snapshot.day;
  }
  const key = podiumKey(now.places);
  if (key !== previousKey)
    changes.push({ after, key, places: [...now.places], previous, updated: now.updated });
  return changes.reverse().slice(0, limit);
}

/** The propositions of rank 1 on `places`, by id. */
export function leaders(places: readonly PodiumPlace[]): number[] {
  return places
    .filter((place) => place.rank === 1)
    .map((place) => place.propositionId)
    .sort((a, b) => a - b);
}
