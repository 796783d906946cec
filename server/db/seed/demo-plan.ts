import { LANGUAGES, type Language, VOTE_POINTS } from '../../../common/constants.js';
import {
  DEMO_MAIN_TOPICS,
  DEMO_STANDALONE_TOPICS,
  DEMO_TAGS,
  DEMO_USERS,
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

export interface DemoPlan {
  topics: PlannedTopic[];
  votes: PlannedVote[];
  /** Minutes before the seed time at which each demo user registered. */
  userAgeMinutes: number[];
}

const DAY = 24 * 60;

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
      ageMinutes: 100 * DAY + random.int(5 * DAY),
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
        ageMinutes: 90 * DAY + random.int(5 * DAY),
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
      ageMinutes: 80 * DAY + random.int(10 * DAY),
    });
  }

  const userAgeMinutes = DEMO_USERS.map(() => 70 * DAY + random.int(30 * DAY));
  const votes = planVotes(random, topics);
  // A main topic is a hub: its vote count is the ballots on its sub-topics (all active here).
  for (const topic of topics) {
    const main = topic.mainTopic === null ? undefined : topics[topic.mainTopic];
    if (main) main.voteCount += topic.voteCount;
  }
  return { topics, votes, userAgeMinutes };
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
      const ageMinutes = random.int(60 * DAY);
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

function mapLanguages(make: (language: Language) => string): Names {
  return Object.fromEntries(LANGUAGES.map((language) => [language, make(language)])) as Names;
}
