import { LANGUAGES, type Language } from '../../../common/constants.js';
import { foldText, propositionKey, slugify } from '../../../common/text/index.js';
import type { BenchContext, BenchPlan, BenchTag } from './bench-plan.js';
import { PRIMES, uniqueReadableId } from './bench-plan-shared.js';
import {
  BENCH_DESCRIPTION,
  bestFor,
  DISHES,
  IN_CITY,
  OCCASIONS,
  PLACE_NAMES,
  PLACE_PREFIXES,
} from './bench-words.js';
import type { Names } from './demo-content.js';
import type { Random } from './random.js';

/**
 * The bench plan's topics (main topics, their sub-topics, standalone topics) with their tags, and
 * the propositions offered on each votable topic. Their vote counts and totals are filled in by the
 * votes (bench-plan-votes.ts).
 */

const MAIN_SHARE = 0.04;
const STANDALONE_SHARE = 0.15;
const MANDATORY_CHOICES = [
  ['LOCATION'],
  ['LOCATION', 'PRICE'],
  ['LOCATION', 'AMBIANCE'],
  ['LOCATION', 'STYLE'],
];

export function buildTopics(count: number, context: BenchContext, random: Random, oldTime: () => string) {
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

export function buildPropositionNames() {
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
export function buildPropositions(topics: BenchPlan['topics'], random: Random, poolSize: number) {
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

function join(...parts: string[]): string {
  return parts.filter((part) => part !== '').join(' ');
}

function mapLanguages(make: (language: Language) => string): Names {
  return { fr: make('fr'), en: make('en'), es: make('es'), de: make('de') };
}
