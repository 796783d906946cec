import { type Language, VOTE_POINTS } from '../../../common/constants.js';
import {
  DEMO_LANGUAGES,
  DEMO_MAIN_TOPICS,
  DEMO_STANDALONE_TOPICS,
  DEMO_TAGS,
  DEMO_USERS,
  type DemoLanguage,
  type Names,
  SUB_TOPIC_DESCRIPTION,
} from './demo-content.js';
import { createRandom, type Random } from './random.js';

/**
 * Turns the demo catalogue into concrete topics, propositions and votes, with every running total
 * computed here, before anything touches a database. Pure and seeded: the same plan on every run.
 */

export const DEMO_SEED = 20261123;

export interface PropositionTotals {
  totalPoints: number;
  voteCount: number;
  firstCount: number;
  secondCount: number;
  thirdCount: number;
}

export interface PlannedProposition extends PropositionTotals {
  name: string;
}

export interface PlannedTopic {
  kind: 'main' | 'sub' | 'standalone';
  category: string;
  language: Language;
  titles: Names;
  descriptions: Names;
  mandatoryTypes: string[];
  /** Index in DemoPlan.topics of the main topic (sub-topics only). */
  mainTopic: number | null;
  tags: string[];
  propositions: PlannedProposition[];
  /** Distinct voters. */
  voteCount: number;
  /** Minutes before the seed time; drives created_at. */
  ageMinutes: number;
}

export interface PlannedVote {
  /** Index in DEMO_USERS. */
  user: number;
  topic: number;
  /** Index in the topic's propositions. */
  proposition: number;
  points: number;
  ageMinutes: number;
}

/** A version a voter cast before changing their mind: their places then (proposition indexes, best first). */
export interface PlannedEarlierVersion {
  user: number;
  topic: number;
  places: number[];
  ageMinutes: number;
}

export interface DemoPlan {
  topics: PlannedTopic[];
  votes: PlannedVote[];
  /** Earlier versions of some ballots, oldest first per ballot: voters who changed their mind. */
  earlierVersions: PlannedEarlierVersion[];
  /** Minutes before the seed time at which each demo user registered. */
  userAgeMinutes: number[];
}

const DAY = 24 * 60;
/** Ballots are cast over the last two years, more of them recently (the rank history has days to show). */
const VOTING_SPAN = 720 * DAY;
/** Share of ballots whose voter changed their mind once before (and of those, twice). */
const CHANGED_MIND = 0.3;

/**
 * Shapes of popularity among a topic's propositions: one clear favourite, a tight race at the top,
 * or an open field. Weights are shuffled onto the propositions so the leader is not always listed first.
 */
const RANKING_PROFILES: readonly (readonly number[])[] = [
  [10, 4, 3.5, 2.5, 2, 1.5, 1, 1],
  [7, 6.8, 6.5, 2.5, 2, 1.5, 1, 1],
  [4, 3.8, 3.5, 3.3, 3, 2.8, 2.5, 2.4],
];
const PROFILE_ODDS = [0.4, 0.35, 0.25];

export function buildDemoPlan(seed: number = DEMO_SEED): DemoPlan {
  const random = createRandom(seed);
  const tagNames = new Map(DEMO_TAGS.map((tag) => [tag.slug, tag.names]));
  const topics: PlannedTopic[] = [];

  const mainIndexes = DEMO_MAIN_TOPICS.map((main) => {
    topics.push({
      kind: 'main',
      category: main.category,
      language: main.language,
      titles: main.titles,
      descriptions: main.descriptions,
      mandatoryTypes: main.mandatoryTypes,
      mainTopic: null,
      tags: [],
      propositions: [],
      voteCount: 0,
      ageMinutes: 740 * DAY + random.int(5 * DAY),
    });
    return topics.length - 1;
  });

  DEMO_MAIN_TOPICS.forEach((main, m) => {
    const mainIndex = mainIndexes[m] as number;
    for (const combination of main.combinations) {
      const titles = mapLanguages((language) => {
        const parts = combination.map((slug) => {
          const names = tagNames.get(slug);
          if (!names) throw new Error(`Demo content: unknown tag ${slug}`);
          return names[language];
        });
        return [main.titles[language], ...parts].join(' ');
      });
      topics.push({
        kind: 'sub',
        category: main.category,
        language: main.language,
        titles,
        descriptions: subTopicDescriptions(titles),
        mandatoryTypes: [],
        mainTopic: mainIndex,
        tags: combination,
        propositions: random
          .shuffle(main.propositionPool)
          .slice(0, random.between(5, 8))
          .map(emptyProposition),
        voteCount: 0,
        ageMinutes: 730 * DAY + random.int(5 * DAY),
      });
    }
  });

  for (const topic of DEMO_STANDALONE_TOPICS) {
    topics.push({
      kind: 'standalone',
      category: topic.category,
      language: topic.language,
      titles: topic.titles,
      descriptions: topic.descriptions,
      mandatoryTypes: [],
      mainTopic: null,
      tags: topic.tags,
      propositions: topic.propositions.map(emptyProposition),
      voteCount: 0,
      ageMinutes: 722 * DAY + random.int(8 * DAY),
    });
  }

  const userAgeMinutes = DEMO_USERS.map(() => 725 * DAY + random.int(30 * DAY));
  const votes = planVotes(random, topics);
  // A main topic is a hub: its vote count is the ballots on its sub-topics (all active here).
  for (const topic of topics) {
    const main = topic.mainTopic === null ? undefined : topics[topic.mainTopic];
    if (main) main.voteCount += topic.voteCount;
  }
  // Drawn from a generator of its own: the plan above stays what it was before ballots had a history.
  const earlierVersions = planEarlierVersions(createRandom(seed + 1), topics, votes);
  return { topics, votes, earlierVersions, userAgeMinutes };
}

/**
 * Some voters changed their mind: before their ballot's current places (the plan's votes, which the
 * totals count), one or two earlier versions with other places, cast between the topic's opening and it.
 */
function planEarlierVersions(random: Random, topics: PlannedTopic[], votes: PlannedVote[]) {
  const ballots = new Map<string, PlannedVote>();
  const current = new Map<string, string>();
  for (const vote of [...votes].sort((a, b) => b.points - a.points)) {
    const key = `${vote.user}:${vote.topic}`;
    ballots.set(key, vote);
    current.set(key, `${current.get(key) ?? ''}${vote.proposition},`);
  }
  const earlier: PlannedEarlierVersion[] = [];
  for (const { user, topic: t, ageMinutes } of ballots.values()) {
    if (random.next() >= CHANGED_MIND) continue;
    const topic = topics[t] as PlannedTopic;
    const count = random.next() < 0.3 ? 2 : 1;
    // Between the propositions' listing (an hour after the topic) and the current version, oldest first.
    const room = topic.ageMinutes - 120 - ageMinutes;
    if (room < 2 * count) continue;
    const ages = Array.from({ length: count }, () => ageMinutes + 1 + random.int(room)).sort((a, b) => b - a);
    for (const age of new Set(ages)) {
      const size = Math.min(topic.propositions.length, random.int(3) + 1);
      const places = random.shuffle(topic.propositions.map((_, i) => i)).slice(0, size);
      // A version equal to the next one would not be a change of mind (the app appends none).
      if (places.map((p) => `${p},`).join('') === current.get(`${user}:${t}`)) continue;
      earlier.push({ user, topic: t, places, ageMinutes: age });
    }
  }
  return earlier;
}

function planVotes(random: Random, topics: PlannedTopic[]): PlannedVote[] {
  const votes: PlannedVote[] = [];
  const userIndexes = DEMO_USERS.map((_, i) => i);
  const votable = topics.map((topic, index) => ({ topic, index })).filter((t) => t.topic.propositions.length);
  // Popularity decays geometrically over a shuffled order: a few busy topics, a long quiet tail.
  random.shuffle(votable).forEach(({ topic, index }, rank) => {
    const voters = random
      .shuffle(userIndexes)
      .slice(0, Math.min(userIndexes.length, Math.round(4 + 26 * 0.9 ** rank)));
    const profile = RANKING_PROFILES[random.weightedIndex(PROFILE_ODDS)] as readonly number[];
    const weights = random.shuffle(topic.propositions.map((_, i) => profile[i] ?? 1));
    for (const user of voters) {
      const ballotSize = Math.min(topic.propositions.length, random.weightedIndex([0.1, 0.15, 0.75]) + 1);
      const available = [...weights];
      // One draw as before, spread over two years with more ballots recently (a quarter in the last 45 days).
      const ageMinutes = Math.floor(VOTING_SPAN * (random.int(60 * DAY) / (60 * DAY)) ** 2);
      for (let place = 0; place < ballotSize; place++) {
        const proposition = random.weightedIndex(available);
        available[proposition] = 0;
        const points = VOTE_POINTS[place] as number;
        votes.push({ user, topic: index, proposition, points, ageMinutes });
        addVote(topic.propositions[proposition] as PlannedProposition, points);
      }
      topic.voteCount++;
    }
  });
  return votes;
}

function addVote(totals: PropositionTotals, points: number): void {
  totals.totalPoints += points;
  totals.voteCount++;
  if (points === 3) totals.firstCount++;
  else if (points === 2) totals.secondCount++;
  else totals.thirdCount++;
}

function emptyProposition(name: string): PlannedProposition {
  return { name, totalPoints: 0, voteCount: 0, firstCount: 0, secondCount: 0, thirdCount: 0 };
}

function subTopicDescriptions(titles: Names): Names {
  return mapLanguages((language) => SUB_TOPIC_DESCRIPTION[language].replace('{title}', titles[language]));
}

function mapLanguages(make: (language: DemoLanguage) => string): Names {
  return Object.fromEntries(DEMO_LANGUAGES.map((language) => [language, make(language)])) as Names;
}
