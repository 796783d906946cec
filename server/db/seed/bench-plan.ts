import type { Language } from '../../../common/constants.js';
import { buildPropositionNames, buildPropositions, buildTopics } from './bench-plan-topics.js';
import { buildUsers, buildVotes } from './bench-plan-votes.js';
import type { Names } from './demo-content.js';
import { createRandom } from './random.js';

/**
 * The large synthetic data set of `npm run seed:bench`, built in memory in columns (typed arrays
 * where possible: a million votes as objects would cost more time in the garbage collector than in
 * the database). Every running total is computed in the plan, so the writers only copy. This file
 * holds the plan's shape and draws its parts in a fixed order from one seeded generator: the topics
 * with their tags and propositions are planned in bench-plan-topics.ts, the users and their votes in
 * bench-plan-votes.ts.
 */

export interface BenchSize {
  topics: number;
  users: number;
  votes: number;
}

export interface BenchTag {
  id: number;
  type: string;
  names: Names;
}

export interface BenchContext {
  /** First id to use per table (ids are written explicitly so rows can reference each other). */
  firstId: {
    user: number;
    topic: number;
    proposition: number;
    vote: number;
    translation: number;
    ballot: number;
  };
  /** Categories the topics spread over. */
  categoryIds: number[];
  tags: BenchTag[];
  /** Readable ids already in the database. */
  readableIds: Set<string>;
  /** `${categoryId}:${title_key}` of main topics already in the database. */
  mainTitleKeys: Set<string>;
  now: Date;
  seed?: number;
}

export interface BenchPlan {
  users: {
    count: number;
    username: string[];
    firstName: string[];
    lastName: string[];
    language: Language[];
    readableId: string[];
    createdAt: string[];
  };
  topics: {
    count: number;
    mainCount: number;
    subCount: number;
    readableId: string[];
    slug: string[];
    title: string[];
    titleKey: string[];
    description: string[];
    language: Language[];
    categoryId: Int32Array;
    isMain: Uint8Array;
    /** 0 for none. */
    mainTopicId: Int32Array;
    mandatoryTypes: string[];
    voteCount: Int32Array;
    createdAt: string[];
    /** Title per language, indexed like LANGUAGES. */
    titles: string[][];
  };
  topicTags: { count: number; topicId: Int32Array; tagId: Int32Array };
  propositions: {
    count: number;
    /** Index of the topic (not its id). */
    topic: Int32Array;
    /** Index into propositionNames. */
    name: Int32Array;
    totalPoints: Int32Array;
    voteCount: Int32Array;
    firstCount: Int32Array;
    secondCount: Int32Array;
    thirdCount: Int32Array;
  };
  propositionNames: { name: string[]; key: string[] };
  votes: {
    count: number;
    /** Indexes of user, topic and proposition (add firstId for ids). */
    user: Int32Array;
    topic: Int32Array;
    proposition: Int32Array;
    points: Uint8Array;
    createdAt: Uint16Array;
  };
  /**
   * Each voter's ballot on a topic: its current places (proposition indexes, -1 where empty) are the
   * votes'; a withdrawn one holds none and has no votes. Times are indexes into `times`.
   */
  ballots: {
    count: number;
    user: Int32Array;
    topic: Int32Array;
    version: Uint8Array;
    firstCastAt: Uint16Array;
    votedAt: Uint16Array;
    first: Int32Array;
    second: Int32Array;
    third: Int32Array;
  };
  /** Every version of every ballot, in ballot then version order; the last of each is its current one. */
  versions: {
    count: number;
    ballot: Int32Array;
    version: Uint8Array;
    castAt: Uint16Array;
    withdrawal: Uint8Array;
    first: Int32Array;
    second: Int32Array;
    third: Int32Array;
  };
  /** Timestamps the rows point into (votes by index, to save memory). */
  times: string[];
}

/** Slots of `times`: 4,096 instants over the last two years, oldest first. */
export const TIME_SLOTS = 4096;
/** Accounts and topics are made in the first slots; ballots are cast in the rest (about 640 days). */
export const FIRST_BALLOT_SLOT = 512;

const DAY_MS = 24 * 3600 * 1000;

/** A main topic is a hub: its vote count is the ballots on its sub-topics (all active here). */
function addHubTotals(topics: BenchPlan['topics'], firstTopicId: number): void {
  for (let t = topics.mainCount; t < topics.count; t++) {
    const mainTopicId = topics.mainTopicId[t] as number;
    if (mainTopicId === 0) continue;
    const m = mainTopicId - firstTopicId;
    topics.voteCount[m] = (topics.voteCount[m] as number) + (topics.voteCount[t] as number);
  }
}

export function buildBenchPlan(size: BenchSize, context: BenchContext): BenchPlan {
  const random = createRandom(context.seed ?? 42);
  const times = Array.from({ length: TIME_SLOTS }, (_, i) =>
    new Date(
      context.now.getTime() - Math.floor(((TIME_SLOTS - i) / TIME_SLOTS) * 730 * DAY_MS),
    ).toISOString(),
  );
  // The oldest slots for accounts and topics, the rest for ballots and their versions.
  const oldTime = () => times[random.int(FIRST_BALLOT_SLOT)] as string;
  const users = buildUsers(size.users, context, random, oldTime);
  const topics = buildTopics(size.topics, context, random, oldTime);
  const propositionNames = buildPropositionNames();
  const propositions = buildPropositions(topics.plan, random, propositionNames.name.length);
  const { votes, ballots, versions } = buildVotes(size, topics.plan, propositions, random);
  addHubTotals(topics.plan, context.firstId.topic);
  return {
    users,
    topics: topics.plan,
    topicTags: topics.tags,
    propositions,
    propositionNames,
    votes,
    ballots,
    versions,
    times,
  };
}
