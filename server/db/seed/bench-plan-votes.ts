import { LANGUAGES } from '../../../common/constants.js';
import type { BenchContext, BenchPlan, BenchSize } from './bench-plan.js';
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
): BenchPlan['votes'] {
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
      const at = 2048 + random.int(2048);
      for (let place = 0; place < ballot; place++) {
        const pick = random.weightedIndex(weights.subarray(0, n), total);
        total -= weights[pick] as number;
        weights[pick] = 0;
        const p = first + pick;
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
      remaining -= ballot;
      topics.voteCount[t] = (topics.voteCount[t] as number) + 1;
      user = (user + userStride) % userCount;
    }
  }
  return votes;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
