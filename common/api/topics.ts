import { z } from 'zod';
import { HUB_PAGE_SIZE, LIMITS } from '../constants.js';
import { DEFAULT_RANKING_ORDER, RANKING_ORDER_IDS } from '../rankings/orders.js';
import { DEFAULT_RANKING_WINDOW, RANKING_WINDOW_IDS } from '../rankings/windows.js';
import { apiComponents } from './components.js';
import { idParam, languageField } from './fields.js';
import { RANKING_EVENT_VERSION } from './ranking-event.js';

/** Request schemas and response shapes of the topic browsing API (public) and the admin topic API. */

export const TOPIC_PAGE_MAX = 100;
export const TOPIC_PAGE_DEFAULT = 20;
export const RANKING_LIMIT_MAX = 1000;
export const SUB_TOPICS_LIMIT_MAX = 500;

/** A language in a path or query is checked by the route (400 UNSUPPORTED_LANGUAGE), not here. */
const languageText = z.string().max(20);

export const popularParams = z.object({ lang: languageText });
export const popularQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be between 1 and 100')
    .max(TOPIC_PAGE_MAX, 'limit must be between 1 and 100')
    .default(TOPIC_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** `main` lists main topics only (the home page's featured one is the first). */
  type: z.enum(['main', 'sub']).optional(),
});

export const topicKeyParams = z.object({ slugOrId: z.string().min(1).max(255) });
export const languageQuery = z.object({ language: languageText.optional(), lang: languageText.optional() });

export const mainTopicParams = z.object({ id: idParam, lang: languageText });
export const mainTopicQuery = z.object({
  limit: z.coerce.number().int().min(1).max(SUB_TOPICS_LIMIT_MAX).default(100),
});
export const mainTopicFilterParams = z.object({ id: idParam });

export const hubParams = z.object({ id: idParam });
export const hubQuery = z.object({
  lang: languageText,
  /** Comma-separated tag slugs; a sub-topic must carry every one of them. */
  tags: z.string().max(2000).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(TOPIC_PAGE_MAX).default(HUB_PAGE_SIZE),
});
export const mainTopicFilterQuery = z.object({
  /** Comma-separated tag slugs; a sub-topic must carry every one of them. */
  tags: z.string().max(2000).optional(),
  lang: languageText.optional(),
  language: languageText.optional(),
  limit: z.coerce.number().int().min(1).max(SUB_TOPICS_LIMIT_MAX).default(100),
});

export const rankingParams = z.object({ topicId: idParam });
/** A topic's share card (issue 38): its language as the pages' addresses say it (`?lng=`). */
export const shareCardQuery = z.object({ lng: languageText.optional() });
export const rankingQuery = z.object({
  language: languageText.optional(),
  lang: languageText.optional(),
  limit: z.coerce.number().int().min(1).max(RANKING_LIMIT_MAX).default(RANKING_LIMIT_MAX),
  /** `points` (the spec's: total points) or `average` (weighted average points per eligible ballot). */
  order: z.enum(RANKING_ORDER_IDS).default(DEFAULT_RANKING_ORDER),
  /**
   * `all` (every counted ballot), or the ballots whose current version was cast in the last 7 (`week`),
   * 30 (`month`) or 365 (`year`) days.
   */
  window: z.enum(RANKING_WINDOW_IDS).default(DEFAULT_RANKING_WINDOW),
});

const tagTypeField = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .transform((type) => type.toUpperCase());

export const createTopicBody = z
  .object({
    slug: z.string().trim().min(1).max(255).optional(),
    name: z.string().trim().min(1).max(LIMITS.topicTitleMax).optional(),
    title: z.string().trim().min(1).max(LIMITS.topicTitleMax).optional(),
    description: z.string().trim().max(LIMITS.topicDescriptionMax).nullish(),
    /** Optional for a sub-topic, which then takes its main topic's category. */
    categoryId: idParam.optional(),
    language: languageField.default('fr'),
    isMainTopic: z.boolean().default(false),
    mandatoryTypes: z.array(tagTypeField).max(20).default([]),
    mainTopicId: idParam.nullish(),
    tags: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  })
  .refine((body) => body.name !== undefined || body.title !== undefined, {
    message: 'name or title is required',
    path: ['name'],
  })
  .refine((body) => !(body.isMainTopic && body.mainTopicId), {
    message: 'a main topic cannot belong to another main topic',
    path: ['mainTopicId'],
  });
export type CreateTopicInput = z.output<typeof createTopicBody>;

export const topicStatusBody = z.object({ isActive: z.boolean() });

export const topicCategoryDto = z
  .object({ id: z.int(), slug: z.string(), name: z.string() })
  .register(apiComponents, { id: 'TopicCategoryDto' });
export type TopicCategoryDto = z.infer<typeof topicCategoryDto>;

export const topicTagDto = z
  .object({ id: z.int(), slug: z.string(), name: z.string(), type: z.string() })
  .register(apiComponents, { id: 'TopicTagDto' });
export type TopicTagDto = z.infer<typeof topicTagDto>;

/** A topic as lists show it (popular, sub-topics, filters); texts in the asked language with fallback. */
export const topicSummaryDto = z
  .object({
    id: z.int(),
    slug: z.string(),
    readableId: z.string(),
    /** `title` and `name` carry the same translated title (clients read either). */
    title: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    category: topicCategoryDto,
    tags: z.array(topicTagDto),
    voteCount: z.int(),
    type: z.enum(['main', 'sub']),
    isMainTopic: z.boolean(),
    mainTopicId: z.int().nullable(),
    /** A main topic's active sub-topics (its `voteCount` is the ballots on them); 0 for any other topic. */
    subTopicCount: z.int(),
    /** The topic's own language: the one its base title and description are written in. */
    language: z.string(),
  })
  .register(apiComponents, { id: 'TopicSummaryDto' });
export type TopicSummaryDto = z.infer<typeof topicSummaryDto>;

/** One topic with everything of SPEC.md section 3. */
export const topicDto = topicSummaryDto
  .extend({
    categoryId: z.int(),
    categoryName: z.string(),
    isActive: z.boolean(),
    /** Title of the main topic of a sub-topic, else null. */
    mainTopic: z.string().nullable(),
    mandatoryTypes: z.array(z.string()),
    propositionCount: z.int(),
    /** The language of the title as this reader gets it (theirs, or a fallback). */
    shownLanguage: z.string(),
    /** When the last ballot on the topic was cast; null before the first (and for a main topic). */
    lastVoteAt: z.string().nullable(),
    /**
     * Ballots that hold a place, and those of them that count (issue 36): they differ while some are held
     * by the counting rules or quarantined. For a main topic, its sub-topics' counted ballots both.
     */
    ballotsCast: z.int(),
    ballotsCounted: z.int(),
  })
  .register(apiComponents, { id: 'TopicDto' });
export type TopicDto = z.infer<typeof topicDto>;

export const popularTopicsData = z.object({
  topics: z.array(topicSummaryDto),
  limit: z.int(),
  offset: z.int(),
  /** True when another page exists (no full count on a hot path). */
  hasMore: z.boolean(),
});
export type PopularTopicsData = z.infer<typeof popularTopicsData>;

export const topicData = z.object({ topic: topicDto });
export type TopicData = z.infer<typeof topicData>;

export const mainTopicData = z.object({ mainTopic: topicDto, subTopics: z.array(topicSummaryDto) });
export type MainTopicData = z.infer<typeof mainTopicData>;

export const tagGroupDto = z
  .object({ type: z.string(), tags: z.array(topicTagDto.extend({ topicCount: z.int() })) })
  .register(apiComponents, { id: 'TagGroupDto' });
export type TagGroupDto = z.infer<typeof tagGroupDto>;

export const mainTopicFilterData = z.object({
  mainTopicId: z.int(),
  selectedTags: z.array(z.string()),
  subTopics: z.array(topicSummaryDto),
  /** Tags carried by the main topic's sub-topics, grouped by type, for building filter chips. */
  availableTags: z.array(tagGroupDto),
});
export type MainTopicFilterData = z.infer<typeof mainTopicFilterData>;

export const rankingEntryDto = z
  .object({
    id: z.int(),
    rank: z
      .int()
      .min(1)
      .register(apiComponents, {
        description:
          'Competition rank: propositions equal on totalPoints and voteCount share a rank, and the next one ' +
          'takes the number of its position (1, 2, 2, 4). Rows are in ranking order; name and id only order ' +
          'tied rows, they do not rank them.',
      }),
    itemName: z.string(),
    totalPoints: z.int(),
    voteCount: z.int(),
    firstPlaces: z.int(),
    secondPlaces: z.int(),
    thirdPlaces: z.int(),
  })
  .register(apiComponents, { id: 'RankingEntryDto' });
export type RankingEntryDto = z.infer<typeof rankingEntryDto>;

/** A sub-topic on its hub's page, with its podium: the (at most) three propositions with the most points. */
export const hubSubTopicDto = topicSummaryDto
  .extend({ podium: z.array(rankingEntryDto) })
  .register(apiComponents, { id: 'HubSubTopicDto' });
export type HubSubTopicDto = z.infer<typeof hubSubTopicDto>;

/** A main topic's page in one request: the topic, one page of its sub-topics' podiums, and the filter chips. */
export const hubData = z.object({
  mainTopic: topicDto,
  subTopics: z.array(hubSubTopicDto),
  /** Active sub-topics that pass the filter, over all pages. */
  total: z.int(),
  offset: z.int(),
  limit: z.int(),
  selectedTags: z.array(z.string()),
  /** Tags carried by the main topic's sub-topics, grouped by type (the types its combinations use). */
  availableTags: z.array(tagGroupDto),
});
export type HubData = z.infer<typeof hubData>;

/** How sure the ranking can be of a row (docs/methodology): null while the topic has no ballot. */
export const confidenceInterval = z.object({ low: z.number(), high: z.number() }).register(apiComponents, {
  id: 'ConfidenceInterval',
  description: '90% interval of the weighted average points per eligible ballot (0 to 3).',
});

/** A row of a topic's ranking: its totals (as on a podium), and how it stands beyond them (issue 33). */
export const rankingRowDto = rankingEntryDto
  .extend({
    eligibleBallots: z
      .int()
      .min(0)
      .register(apiComponents, {
        description:
          'Counted ballots cast while the proposition existed: those that could have named it. A ballot cast ' +
          'before it was proposed neither counts for nor against it.',
      }),
    weightedAverage: z
      .number()
      .nullable()
      .register(apiComponents, {
        description:
          "Average points per eligible ballot, shrunk toward the topic's mean as IMDb's weighted rating: " +
          'n/(n+m)·R + m/(n+m)·C with m = 5 ballots. Null while the topic has no ballot.',
      }),
    interval: confidenceInterval.nullable(),
  })
  .register(apiComponents, { id: 'RankingRowDto' });
export type RankingRowDto = z.infer<typeof rankingRowDto>;

/** The head-to-head results of the first propositions of a ranking, in ranking order. */
export const headToHeadDto = z
  .object({
    propositionIds: z.array(z.int()),
    /** wins[i][j]: ballots eligible for both on which propositionIds[i] stands above propositionIds[j]. */
    wins: z.array(z.array(z.int().min(0))),
  })
  .register(apiComponents, { id: 'HeadToHeadDto' });
export type HeadToHeadDto = z.infer<typeof headToHeadDto>;

export const rankingData = z.object({
  topicId: z.int(),
  /** People who voted on the topic; in a window, counted ballots cast in it that place a proposition. */
  voteCount: z.int(),
  window: z.enum(RANKING_WINDOW_IDS).register(apiComponents, {
    description:
      'The ballots counted: `all`, or those whose current version was cast in the last 7 (`week`), 30 ' +
      '(`month`) or 365 (`year`) days. In a window, totals, places, eligible ballots and intervals count ' +
      'only those ballots and only propositions they name are listed; head to head stays all-time.',
  }),
  /** The window's first instant (ISO 8601), null for `all`. */
  since: z.string().nullable(),
  rankings: z.array(rankingRowDto),
  condorcetWinnerId: z
    .int()
    .nullable()
    .register(apiComponents, {
      description:
        'The proposition that beats every other head to head (more ballots eligible for both put it above), ' +
        'or null when none does (a tie or a cycle).',
    }),
  leaderIsCondorcetWinner: z.boolean().register(apiComponents, {
    description: 'Whether the points leader is also the head-to-head winner.',
  }),
  headToHead: headToHeadDto,
});
export type RankingData = z.infer<typeof rankingData>;

/** The live ranking event (common/api/ranking-event.ts says what it carries; that file stays free of zod). */
export const rankingEventDto = rankingData
  .extend({
    version: z.literal(RANKING_EVENT_VERSION),
    /** Rows in the whole ranking; `rankings` holds the first of them, in ranking order. */
    rowCount: z.int(),
  })
  .register(apiComponents, { id: 'RankingEventDto' });
export type RankingEventDto = z.infer<typeof rankingEventDto>;
