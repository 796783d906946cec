import { RANK_HISTORY_PLACES } from '../../../common/history/days.js';
import { type Places as BallotPlaces, PLACE_POINTS, PLACES } from '../rankings/tallies.js';

/** A listed proposition of a topic with its running totals now (what counted ballots give it today). */
export interface PropositionNow {
  id: number;
  topicId: number;
  /** When it joined the ranking (ISO). */
  listedAt: string;
  totalPoints: number;
  voteCount: number;
}

/** A counted ballot the voter cast again since the earliest instant asked for: its versions, oldest first. */
export interface MovedBallot {
  topicId: number;
  /** Its current places (what the running totals hold for it). */
  current: BallotPlaces;
  versions: readonly { castAt: string; places: BallotPlaces }[];
}

/** A proposition's place in a snapshot. */
export interface SnapshotPlace {
  propositionId: number;
  rank: number;
  totalPoints: number;
}

function add(totals: Map<number, { points: number; voters: number }>, places: BallotPlaces, sign: 1 | -1) {
  for (const place of PLACES) {
    const id = places[place];
    // A place naming a proposition deleted since moves nothing the ranking shows.
    const row = id === null ? undefined : totals.get(id);
    if (!row) continue;
    row.points += sign * PLACE_POINTS[place];
    row.voters += sign;
  }
}

/** The version of a ballot that was current at `instant`: the last one cast before it, if any. */
function versionAt(ballot: MovedBallot, instant: string): BallotPlaces | undefined {
  let found: BallotPlaces | undefined;
  for (const version of ballot.versions) {
    if (version.castAt >= instant) break;
    found = version.places;
  }
  return found;
}

/**
 * A topic's top 10 at `instant` as the ranking showed it then: the running totals of now, with each
 * ballot cast again since taken back to its version current at `instant` (decision 009: a ranking at an
 * instant is the recount over the versions current then). Only propositions listed before the instant and
 * holding points are ranked (the page shows the others without a rank); most points first, then most
 * voters; equal on both, one competition rank (1, 2, 2, 4), as rankings/order.ts's BY_POINTS.
 */
export function placesAt(
  propositions: readonly PropositionNow[],
  moved: readonly MovedBallot[],
  instant: string,
): SnapshotPlace[] {
  const totals = new Map(propositions.map((p) => [p.id, { points: p.totalPoints, voters: p.voteCount }]));
  for (const ballot of moved) {
    add(totals, ballot.current, -1);
    const then = versionAt(ballot, instant);
    if (then) add(totals, then, 1);
  }
  const rows = propositions
    .filter((p) => p.listedAt < instant)
    .map((p) => ({ id: p.id, ...(totals.get(p.id) as { points: number; voters: number }) }))
    .filter((row) => row.points > 0)
    .sort((a, b) => b.points - a.points || b.voters - a.voters || a.id - b.id);
  const places: SnapshotPlace[] = [];
  for (const [index, row] of rows.entries()) {
    const above = rows[index - 1];
    const previous = places[index - 1];
    const rank =
      above && previous && above.points === row.points && above.voters === row.voters
        ? previous.rank
        : index + 1;
    if (rank > RANK_HISTORY_PLACES) break;
    places.push({ propositionId: row.id, rank, totalPoints: row.points });
  }
  return places;
}

/** Whether two snapshots hold the same places (each sorted by rank, then proposition). */
export function samePlaces(a: readonly SnapshotPlace[], b: readonly SnapshotPlace[]): boolean {
  if (a.length !== b.length) return false;
  const key = (places: readonly SnapshotPlace[]) =>
    places
      .map((p) => `${p.propositionId}:${p.rank}:${p.totalPoints}`)
      .sort()
      .join(',');
  return key(a) === key(b);
}

/**
 * The snapshots a topic needs over `instants` (ascending, each the end of a day): the places at each
 * instant where they differ from the standing before (`base`, the latest snapshot before the first one,
 * or none). Only instants after which something moved are computed again: the first, and those whose
 * day saw a moved ballot's version cast or a proposition listed.
 */
export function snapshotsOver(
  propositions: readonly PropositionNow[],
  moved: readonly MovedBallot[],
  instants: readonly string[],
  base: readonly SnapshotPlace[] | undefined,
): Map<number, SnapshotPlace[]> {
  const written = new Map<number, SnapshotPlace[]>();
  const events = [
    ...moved.flatMap((ballot) => ballot.versions.map((version) => version.castAt)),
    ...propositions.map((p) => p.listedAt),
  ].sort();
  let previous = base ?? [];
  let next = 0;
  for (const [index, instant] of instants.entries()) {
    let moves = index === 0;
    // Events before this instant and at or after the one before it fall in this instant's day.
    while (next < events.length && (events[next] as string) < instant) {
      if (index > 0 && (events[next] as string) >= (instants[index - 1] as string)) moves = true;
      next++;
    }
    if (!moves) continue;
    const places = placesAt(propositions, moved, instant);
    if (!samePlaces(places, previous)) written.set(index, places);
    previous = places;
  }
  return written;
}
