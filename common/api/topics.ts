import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { idParam, languageField } from './fields.js';

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
export const mainTopicFilterQuery = z.object({
  /** Comma-separated tag slugs; a sub-topic must carry every one of them. */
  tags: z.string().max(2000).optional(),
  lang: languageText.optional(),
  language: languageText.optional(),
  limit: z.coerce.number().int().min(1).max(SUB_TOPICS_LIMIT_MAX).default(100),
});

export const rankingParams = z.object({ topicId: idParam });
export const rankingQuery = z.object({
  language: languageText.optional(),
  lang: languageText.optional(),
  limit: z.coerce.number().int().min(1).max(RANKING_LIMIT_MAX).default(RANKING_LIMIT_MAX),
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

export interface TopicCategoryDto {
  id: number;
  slug: string;
  name: string;
}

export interface TopicTagDto {
  id: number;
  slug: string;
  name: string;
  type: string;
}

/** A topic as lists show it (popular, sub-topics, filters); texts in the asked language with fallback. */
export interface TopicSummaryDto {
  id: number;
  slug: string;
  readableId: string;
  /** `title` and `name` carry the same translated title (clients read either). */
  title: string;
  name: string;
  description: string | null;
  category: TopicCategoryDto;
  tags: TopicTagDto[];
  voteCount: number;
  type: 'main' | 'sub';
  isMainTopic: boolean;
  mainTopicId: number | null;
  /** The topic's own language: the one its base title and description are written in. */
  language: string;
}

/** One topic with everything of SPEC.md section 3. */
export interface TopicDto extends TopicSummaryDto {
  categoryId: number;
  categoryName: string;
  isActive: boolean;
  /** Title of the main topic of a sub-topic, else null. */
  mainTopic: string | null;
  mandatoryTypes: string[];
  propositionCount: number;
  subTopicCount: number;
}

export interface PopularTopicsData {
  topics: TopicSummaryDto[];
  limit: number;
  offset: number;
  /** True when another page exists (no full count on a hot path). */
  hasMore: boolean;
}

export interface TopicData {
  topic: TopicDto;
}

export interface MainTopicData {
  mainTopic: TopicDto;
  subTopics: TopicSummaryDto[];
}

export interface TagGroupDto {
  type: string;
  tags: Array<TopicTagDto & { topicCount: number }>;
}

export interface MainTopicFilterData {
  mainTopicId: number;
  selectedTags: string[];
  subTopics: TopicSummaryDto[];
  /** Tags carried by the main topic's sub-topics, grouped by type, for building filter chips. */
  availableTags: TagGroupDto[];
}

export interface RankingEntryDto {
  id: number;
  itemName: string;
  totalPoints: number;
  voteCount: number;
  firstPlaces: number;
  secondPlaces: number;
  thirdPlaces: number;
}

export interface RankingData {
  topicId: number;
  /** People who voted on the topic. */
  voteCount: number;
  rankings: RankingEntryDto[];
}
