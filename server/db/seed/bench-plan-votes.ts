import { LANGUAGES } from '../../../common/constants.js';
import {
  type BenchContext,
  type BenchPlan,
  type BenchSize,
  FIRST_BALLOT_SLOT,
  TIME_SLOTS,
} from './bench-plan.js';
import { PRIMES, uniqueReadableId } from './bench-plan-shared.js';
import { FIRST_NAMES, LAST_NAMES } from './bench-words.js';
import type { Random } from './random.js';

/**
 * The bench plan's users and their votes: who votes on which topic, for which propositions, and the
 * running totals (per proposition and per topic) those votes add up to.
 */

const RANKING_PROFILES = [
  [10, 4, 3.5, 2.5, 2, 1.5, 1, 1, 0.8, 0.6],
  [7, 6.8, 6.5, 2.5, 2, 1.5, 1, 1, 0.8, 0.6],
  [4, 3.8, 3.5, 3.3, 3, 2.8, 2.5, 2.4, 2.2, 2],
];
/** Chance that a ballot fills 1, 2 or 3 places. */
const BALLOT_ODDS = [0.1, 0.15, 0.75];
/** Chance that a voter changed their mind once before their current ballot (then again, a third of those). */
const CHANGED_MIND = 0.2;
/** Chance that a topic also has a ballot cast, then withdrawn (it counts nowhere, but has a history). */
const WITHDRAWN = 0.1;

export function buildUsers(count: number, context: BenchContext, random: Random, oldTime: () => string) {
  const users: BenchPlan['users'] = {
    count,
    username: [],
    firstName: [],
    lastName: [],
    language: [],
    readableId: [],
    createdAt: [],
  };
  for (let i = 0; i < count; i++) {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    // The id keeps names unique across runs; two dots never occur in demo usernames.
    users.username.push(`${first}.${last}.${context.firstId.user + i}`);
    users.firstName.push(capitalize(first));
    users.lastName.push(capitalize(last));
    users.language.push(random.pick(LANGUAGES));
    users.readableId.push(uniqueReadableId('U', context.readableIds));
    users.createdAt.push(oldTime());
  }
  return users;
}

/**
 * Votes follow a Zipf-like popularity over topics (rank r gets a share proportional to 1/(r+10)), so
 * a few topics gather thousands of votes and most get a handful. Each ballot comes from a distinct
 * user and fills places 1..k with distinct propositions drawn by a per-topic popularity profile.
 */
export function buildVotes(
  size: BenchSize,
  topics: BenchPlan['topics'],
  propositions: BenchPlan['propositions'],
  random: Random,
): Pick<BenchPlan, 'votes' | 'ballots' | 'versions'> {
  const userCount = size.users;
  const firstProposition = new Int32Array(topics.count + 1).fill(-1);
  const propositionCount = new Uint8Array(topics.count);
  for (let p = propositions.count - 1; p >= 0; p--) {
    const t = propositions.topic[p] as number;
    firstProposition[t] = p;
    propositionCount[t] = (propositionCount[t] as number) + 1;
  }
  const votable = random.shuffle(
    Array.from({ length: topics.count - topics.mainCount }, (_, i) => topics.mainCount + i),
  );
  const capacity = (t: number) =>
    userCount > 0 ? userCount * Math.min(3, propositionCount[t] as number) : 0;

  // Budget per topic: floor of the Zipf share, then the remainder one by one from the top.
  const budget = new Int32Array(topics.count);
  let weightSum = 0;
  for (let r = 0; r < votable.length; r++) weightSum += 1 / (r + 10);
  let allocated = 0;
  for (let r = 0; r < votable.length; r++) {
    const t = votable[r] as number;
    budget[t] = Math.min(capacity(t), Math.floor((size.votes * (1 / (r + 10))) / weightSum));
    allocated += budget[t] as number;
  }
  for (let pass = 0; allocated < size.votes && pass < 4; pass++) {
    for (let r = 0; r < votable.length && allocated < size.votes; r++) {
      const t = votable[r] as number;
      const extra = Math.min(capacity(t) - (budget[t] as number), pass === 0 ? 1 : size.votes - allocated);
      if (extra > 0) {
        budget[t] = (budget[t] as number) + extra;
        allocated += extra;
      }
    }
  }

  const votes: BenchPlan['votes'] = {
    count: allocated,
    user: new Int32Array(allocated),
    topic: new Int32Array(allocated),
    proposition: new Int32Array(allocated),
    points: new Uint8Array(allocated),
    createdAt: new Uint16Array(allocated),
  };
  // At most one ballot per vote, plus a withdrawn one per topic; versions at most three per ballot.
  const history = new BallotHistory(allocated + topics.count, random);
  const weights = new Float64Array(10);
  const userStride = PRIMES.find((prime) => userCount % prime !== 0) ?? 1;
  let v = 0;
  for (let t = topics.mainCount; t < topics.count; t++) {
    let remaining = budget[t] as number;
    if (remaining === 0) continue;
    const first = firstProposition[t] as number;
    const n = propositionCount[t] as number;
    const profile = random.pick(RANKING_PROFILES);
    const offset = random.int(n);
    const maxBallot = Math.min(3, n);
    let user = random.int(userCount);
    for (let voter = 0; remaining > 0; voter++) {
      // Enough places per ballot that the budget fits in the users left.
      const least = Math.max(1, remaining - (userCount - voter - 1) * maxBallot);
      const drawn = random.weightedIndex(BALLOT_ODDS) + 1;
      const ballot = Math.min(maxBallot, remaining, Math.max(least, drawn));
      let total = 0;
      for (let i = 0; i < n; i++) {
        weights[i] = profile[(i + offset) % n] as number;
        total += weights[i] as number;
      }
      const at = FIRST_BALLOT_SLOT + random.int(TIME_SLOTS - FIRST_BALLOT_SLOT);
      const places = [-1, -1, -1];
      for (let place = 0; place < ballot; place++) {
        const pick = random.weightedIndex(weights.subarray(0, n), total);
        total -= weights[pick] as number;
        weights[pick] = 0;
        const p = first + pick;
        places[place] = p;
        const points = 3 - place;
        votes.user[v] = user;
        votes.topic[v] = t;
        votes.proposition[v] = p;
        votes.points[v] = points;
        votes.createdAt[v] = at;
        v++;
        propositions.totalPoints[p] = (propositions.totalPoints[p] as number) + points;
        propositions.voteCount[p] = (propositions.voteCount[p] as number) + 1;
        const counter =
          points === 3
            ? propositions.firstCount
            : points === 2
              ? propositions.secondCount
              : propositions.thirdCount;
        counter[p] = (counter[p] as number) + 1;
      }
      history.cast(user, t, places, at, first, n);
      remaining -= ballot;
      topics.voteCount[t] = (topics.voteCount[t] as number) + 1;
      user = (user + userStride) % userCount;
    }
    // The next voter in line, if any is left, cast a ballot and withdrew it.
    if ((topics.voteCount[t] as number) < userCount && random.chance(WITHDRAWN))
      history.withdrawn(user, t, first, n);
  }
  return { votes, ...history.tables() };
}

/**
 * The ballots behind the votes, with their versions: a voter who changed their mind has one or two
 * earlier versions with other places, cast between the first ballot slot and the current one.
 */
class BallotHistory {
  private readonly ballots: BenchPlan['ballots'];
  private readonly versions: BenchPlan['versions'];

  constructor(
    capacity: number,
    private readonly random: Random,
  ) {
    this.ballots = {
      count: 0,
      user: new Int32Array(capacity),
      topic: new Int32Array(capacity),
      version: new Uint8Array(capacity),
      firstCastAt: new Uint16Array(capacity),
      votedAt: new Uint16Array(capacity),
      first: new Int32Array(capacity),
      second: new Int32Array(capacity),
      third: new Int32Array(capacity),
    };
    const versions = capacity * 3;
    this.versions = {
      count: 0,
      ballot: new Int32Array(versions),
      version: new Uint8Array(versions),
      castAt: new Uint16Array(versions),
      withdrawal: new Uint8Array(versions),
      first: new Int32Array(versions),
      second: new Int32Array(versions),
      third: new Int32Array(versions),
    };
  }

  /** A counted ballot whose current places are `places` (proposition indexes, -1 where empty), cast at `at`. */
  cast(user: number, topic: number, places: number[], at: number, first: number, n: number): void {
    const earlier: { at: number; places: number[] }[] = [];
    if (at > FIRST_BALLOT_SLOT + 2 && this.random.chance(CHANGED_MIND)) {
      const count = this.random.chance(1 / 3) ? 2 : 1;
      const slots = [...new Set(Array.from({ length: count }, () => this.slotBefore(at)))].sort(
        (a, b) => a - b,
      );
      for (const slot of slots) {
        const other = this.otherPlaces(first, n);
        if (other.join() !== places.join()) earlier.push({ at: slot, places: other });
      }
    }
    this.add(user, topic, [...earlier, { at, places }], false);
  }

  /** A ballot cast, then withdrawn: two versions, the current one empty. */
  withdrawn(user: number, topic: number, first: number, n: number): void {
    const at = FIRST_BALLOT_SLOT + 1 + this.random.int(TIME_SLOTS - FIRST_BALLOT_SLOT - 1);
    const versions = [
      { at: this.slotBefore(at), places: this.otherPlaces(first, n) },
      { at, places: [-1, -1, -1] },
    ];
    this.add(user, topic, versions, true);
  }

  tables(): Pick<BenchPlan, 'ballots' | 'versions'> {
    return { ballots: this.ballots, versions: this.versions };
  }

  private slotBefore(at: number): number {
    return FIRST_BALLOT_SLOT + this.random.int(at - FIRST_BALLOT_SLOT);
  }

  /** One to three distinct propositions of the topic, at random. */
  private otherPlaces(first: number, n: number): number[] {
    const size = Math.min(n, 1 + this.random.int(3));
    const picked = this.random.shuffle(Array.from({ length: n }, (_, i) => first + i)).slice(0, size);
    return [0, 1, 2].map((i) => picked[i] ?? -1);
  }

  private add(user: number, topic: number, versions: { at: number; places: number[] }[], withdrawn: boolean) {
    const b = this.ballots.count++;
    const current = versions[versions.length - 1] as { at: number; places: number[] };
    this.ballots.user[b] = user;
    this.ballots.topic[b] = topic;
    this.ballots.version[b] = versions.length;
    this.ballots.firstCastAt[b] = (versions[0] as { at: number }).at;
    this.ballots.votedAt[b] = current.at;
    [this.ballots.first[b], this.ballots.second[b], this.ballots.third[b]] = current.places as [
      number,
      number,
      number,
    ];
    versions.forEach((version, index) => {
      const v = this.versions.count++;
      this.versions.ballot[v] = b;
      this.versions.version[v] = index + 1;
      this.versions.castAt[v] = version.at;
      this.versions.withdrawal[v] = withdrawn && index === versions.length - 1 ? 1 : 0;
      [this.versions.first[v], this.versions.second[v], this.versions.third[v]] = version.places as [
        number,
        number,
        number,
      ];
    });
  }
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
