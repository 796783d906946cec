import { LANGUAGES, type Language } from '../../../common/constants.js';
import { foldText, propositionKey, slugify } from '../../../common/text/index.js';
import { newReadableId } from '../readable-id.js';
import {
  BENCH_DESCRIPTION,
  bestFor,
  DISHES,
  FIRST_NAMES,
  IN_CITY,
  LAST_NAMES,
  OCCASIONS,
  PLACE_NAMES,
  PLACE_PREFIXES,
} from './bench-words.js';
import type { Names } from './demo-content.js';
import { createRandom, type Random } from './random.js';

/**
 * The large synthetic data set of `npm run seed:bench`, built in memory in columns (typed arrays
 * where possible: a million votes as objects would cost more time in the garbage collector than in
 * the database). Every running total is computed here, so the writers only copy.
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
  firstId: { user: number; topic: number; proposition: number; vote: number; translation: number };
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
  /** Timestamps the rows point into (votes by index, to save memory). */
  times: string[];
}

const MAIN_SHARE = 0.04;
const STANDALONE_SHARE = 0.15;
const MANDATORY_CHOICES = [
  ['LOCATION'],
  ['LOCATION', 'PRICE'],
  ['LOCATION', 'AMBIANCE'],
  ['LOCATION', 'STYLE'],
];
/** Strides for walking combinations and users in a scrambled order without repeats. */
const PRIMES = [7919, 7727, 6959, 4567, 3989, 2087, 1031, 523, 211, 97, 53, 31, 23, 19, 17, 13, 11, 7];
const RANKING_PROFILES = [
  [10, 4, 3.5, 2.5, 2, 1.5, 1, 1, 0.8, 0.6],
  [7, 6.8, 6.5, 2.5, 2, 1.5, 1, 1, 0.8, 0.6],
  [4, 3.8, 3.5, 3.3, 3, 2.8, 2.5, 2.4, 2.2, 2],
];
const DAY_MS = 24 * 3600 * 1000;
/** Chance that a ballot fills 1, 2 or 3 places. */
const BALLOT_ODDS = [0.1, 0.15, 0.75];

export function buildBenchPlan(size: BenchSize, context: BenchContext): BenchPlan {
  const random = createRandom(context.seed ?? 42);
  const times = Array.from({ length: 4096 }, (_, i) =>
    new Date(context.now.getTime() - Math.floor(((4096 - i) / 4096) * 365 * DAY_MS)).toISOString(),
  );
  // Older half for accounts and topics, newer half for votes.
  const oldTime = () => times[random.int(2048)] as string;
  const users = buildUsers(size.users, context, random, oldTime);
  const topics = buildTopics(size.topics, context, random, oldTime);
  const propositionNames = buildPropositionNames();
  const propositions = buildPropositions(topics.plan, random, propositionNames.name.length);
  const votes = buildVotes(size, topics.plan, propositions, random);
  return {
    users,
    topics: topics.plan,
    topicTags: topics.tags,
    propositions,
    propositionNames,
    votes,
    times,
  };
}

function buildUsers(count: number, context: BenchContext, random: Random, oldTime: () => string) {
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

function buildTopics(count: number, context: BenchContext, random: Random, oldTime: () => string) {
  const mainCount = Math.min(count, Math.max(1, Math.round(count * MAIN_SHARE)));
  const standaloneCount = Math.min(count - mainCount, Math.round(count * STANDALONE_SHARE));
  const subCount = count - mainCount - standaloneCount;
  const plan: BenchPlan['topics'] = {
    count,
    mainCount,
    subCount,
    readableId: [],
    slug: [],
    title: [],
    titleKey: [],
    description: [],
    language: [],
    categoryId: new Int32Array(count),
    isMain: new Uint8Array(count),
    mainTopicId: new Int32Array(count),
    mandatoryTypes: [],
    voteCount: new Int32Array(count),
    createdAt: [],
    titles: LANGUAGES.map(() => []),
  };
  const topicTagIds: number[] = [];
  const tagsByType = new Map<string, BenchTag[]>();
  for (const tag of context.tags) tagsByType.set(tag.type, [...(tagsByType.get(tag.type) ?? []), tag]);
  const cities = tagsByType.get('LOCATION') ?? [];
  const prices = tagsByType.get('PRICE') ?? [];

  const add = (t: number, language: Language, titles: Names, categoryId: number, tags: BenchTag[]) => {
    const id = context.firstId.topic + t;
    const title = titles[language];
    plan.readableId.push(uniqueReadableId('T', context.readableIds));
    plan.slug.push(`${slugify(title)}-${id.toString(36)}`);
    plan.title.push(title);
    plan.titleKey.push(foldText(title));
    plan.description.push(BENCH_DESCRIPTION[language].replace('{title}', title));
    plan.language.push(language);
    plan.categoryId[t] = categoryId;
    plan.createdAt.push(oldTime());
    LANGUAGES.forEach((l, i) => {
      plan.titles[i]?.push(titles[l]);
    });
    for (const tag of tags) topicTagIds.push(id, tag.id);
  };

  // Main topics: "Best <dish> <occasion>", unique per category as the database requires.
  const mains: {
    titles: Names;
    types: BenchTag[][];
    combinations: number;
    cursor: number;
    stride: number;
  }[] = [];
  for (let t = 0; t < mainCount; t++) {
    const language = random.pick(LANGUAGES);
    let titles: Names;
    let categoryId: number;
    let attempt = 0;
    for (;;) {
      const d = random.pick(DISHES);
      const occasion = random.pick(OCCASIONS);
      const suffix = attempt > 20 ? ` ${attempt}` : '';
      titles = mapLanguages((l) => join(bestFor(d, l), d.names[l], occasion[l]) + suffix);
      categoryId = random.pick(context.categoryIds);
      const key = `${categoryId}:${foldText(titles[language])}`;
      if (!context.mainTitleKeys.has(key)) {
        context.mainTitleKeys.add(key);
        break;
      }
      attempt++;
    }
    const typeNames = random.pick(MANDATORY_CHOICES).filter((type) => tagsByType.has(type));
    const types = typeNames.map((type) => tagsByType.get(type) as BenchTag[]);
    const combinations = types.reduce((product, tags) => product * tags.length, 1);
    add(t, language, titles, categoryId, []);
    plan.isMain[t] = 1;
    plan.mandatoryTypes.push(JSON.stringify(typeNames));
    mains.push({
      titles,
      types,
      combinations: typeNames.length ? combinations : 0,
      cursor: random.int(Math.max(1, combinations)),
      stride: PRIMES.find((p) => combinations % p !== 0) ?? 1,
    });
  }

  // Sub-topics: dealt round-robin over the main topics, each taking its next tag combination.
  let t = mainCount;
  let exhausted = 0;
  const taken = new Int32Array(mains.length);
  for (let m = 0; t < mainCount + subCount; m = (m + 1) % mains.length) {
    const main = mains[m];
    if (!main || (taken[m] as number) >= main.combinations) {
      if (++exhausted > mains.length) throw new Error('Not enough tag combinations for the sub-topics');
      continue;
    }
    exhausted = 0;
    taken[m] = (taken[m] as number) + 1;
    let index = main.cursor;
    main.cursor = (main.cursor + main.stride) % main.combinations;
    const tags = main.types.map((options) => {
      const tag = options[index % options.length] as BenchTag;
      index = Math.floor(index / options.length);
      return tag;
    });
    const titles = mapLanguages((l) => join(main.titles[l], ...tags.map((tag) => tag.names[l])));
    const mainLanguage = plan.language[m] as Language;
    add(t, mainLanguage, titles, plan.categoryId[m] as number, tags);
    plan.mainTopicId[t] = context.firstId.topic + m;
    plan.mandatoryTypes.push('[]');
    t++;
  }

  // Standalone topics: "Best <dish> <occasion> in <city>".
  for (; t < count; t++) {
    const language = random.pick(LANGUAGES);
    const d = random.pick(DISHES);
    const occasion = random.pick(OCCASIONS);
    const city = cities.length ? random.pick(cities) : undefined;
    const titles = mapLanguages((l) =>
      join(bestFor(d, l), d.names[l], occasion[l], city ? `${IN_CITY[l]} ${city.names[l]}` : ''),
    );
    const tags = city ? [city] : [];
    if (prices.length && random.chance(0.3)) tags.push(random.pick(prices));
    add(t, language, titles, random.pick(context.categoryIds), tags);
    plan.mandatoryTypes.push('[]');
  }

  const pairs = Int32Array.from(topicTagIds);
  const tags = {
    count: pairs.length / 2,
    topicId: pairs.filter((_, i) => i % 2 === 0),
    tagId: pairs.filter((_, i) => i % 2 === 1),
  };
  return { plan, tags };
}

function buildPropositionNames() {
  const name: string[] = [];
  const key: string[] = [];
  const seen = new Set<string>();
  for (const prefix of PLACE_PREFIXES) {
    for (const place of PLACE_NAMES) {
      // Keys must be unique within a topic: "Inès" and "Inés" fold to the same key, keep one.
      const candidate = `${prefix} ${place}`;
      if (seen.has(propositionKey(candidate))) continue;
      seen.add(propositionKey(candidate));
      name.push(candidate);
      key.push(propositionKey(candidate));
    }
  }
  return { name, key };
}

/** Five to ten propositions per votable topic (main topics gather sub-topics, not propositions). */
function buildPropositions(topics: BenchPlan['topics'], random: Random, poolSize: number) {
  const perTopic = new Uint8Array(topics.count);
  let count = 0;
  for (let t = topics.mainCount; t < topics.count; t++) {
    perTopic[t] = random.between(5, 10);
    count += perTopic[t] as number;
  }
  const propositions: BenchPlan['propositions'] = {
    count,
    topic: new Int32Array(count),
    name: new Int32Array(count),
    totalPoints: new Int32Array(count),
    voteCount: new Int32Array(count),
    firstCount: new Int32Array(count),
    secondCount: new Int32Array(count),
    thirdCount: new Int32Array(count),
  };
  let p = 0;
  const chosen = new Set<number>();
  for (let t = topics.mainCount; t < topics.count; t++) {
    chosen.clear();
    while (chosen.size < (perTopic[t] as number)) chosen.add(random.int(poolSize));
    for (const name of chosen) {
      propositions.topic[p] = t;
      propositions.name[p] = name;
      p++;
    }
  }
  return propositions;
}

/**
 * Votes follow a Zipf-like popularity over topics (rank r gets a share proportional to 1/(r+10)), so
 * a few topics gather thousands of votes and most get a handful. Each ballot comes from a distinct
 * user and fills places 1..k with distinct propositions drawn by a per-topic popularity profile.
 */
function buildVotes(
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

function uniqueReadableId(prefix: 'U' | 'T', used: Set<string>): string {
  let id = newReadableId(prefix);
  while (used.has(id)) id = newReadableId(prefix);
  used.add(id);
  return id;
}

function join(...parts: string[]): string {
  return parts.filter((part) => part !== '').join(' ');
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function mapLanguages(make: (language: Language) => string): Names {
  return { fr: make('fr'), en: make('en'), es: make('es'), de: make('de') };
}
