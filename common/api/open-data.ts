import { z } from 'zod';
import { RANKING_WINDOW_IDS } from '../rankings/windows.js';
import { apiComponents } from './components.js';
import { idParam } from './fields.js';

/**
 * Open data (issue 38, docs/decisions/027-open-data.md): a topic's ranking as a file anyone may take away
 * (CSV or JSON), and the administrators' exports of the catalogue and of pseudonymous ballots (CSV).
 * Field names are stable English words, the same in the CSV header and in the JSON rows.
 */

/** A language in the query is checked by the route (400 UNSUPPORTED_LANGUAGE), not here. */
const languageText = z.string().max(20);

export const rankingExportParams = z.object({ topicId: idParam });
export const rankingExportQuery = z.object({
  /** The language of the topic's title (fr, en, es, de; fallback as everywhere); `language` is an alias. */
  lng: languageText.optional(),
  language: languageText.optional(),
  /** The ballots counted, as the ranking route's `window`. */
  window: z.enum(RANKING_WINDOW_IDS).default('all'),
});

/** One proposition of a ranking export: the ranking route's figures under stable names. */
export const rankingExportRowDto = z
  .object({
    rank: z.int().min(1),
    propositionId: z.int(),
    proposition: z.string(),
    points: z.int(),
    voters: z.int(),
    firstPlaces: z.int(),
    secondPlaces: z.int(),
    thirdPlaces: z.int(),
    eligibleBallots: z.int(),
    weightedAverage: z.number().nullable(),
    intervalLow: z.number().nullable(),
    intervalHigh: z.number().nullable(),
  })
  .register(apiComponents, {
    id: 'RankingExportRowDto',
    description:
      'rank: competition rank (1, 2, 2, 4) by points then voters. points: 3 per first place, 2 per second, 1 ' +
      'per third. voters: ballots that place it. firstPlaces, secondPlaces, thirdPlaces: how often it is ' +
      'placed there. eligibleBallots: counted ballots cast while it existed. weightedAverage: average points ' +
      "per eligible ballot shrunk toward the topic's mean (m = 5), intervalLow and intervalHigh its 90% " +
      'interval, all on a 0 to 3 scale and empty (null) before the first ballot.',
  });
export type RankingExportRowDto = z.infer<typeof rankingExportRowDto>;

/** Every field of a row, in the order of the CSV's columns after `topicId`, `topic` and `window`. */
export const RANKING_EXPORT_FIELDS = Object.keys(rankingExportRowDto.shape) as (keyof RankingExportRowDto)[];

export const rankingExportDto = z
  .object({
    format: z.literal('podium-ranking'),
    version: z.literal(1),
    /** The instant the figures were read (ISO 8601). */
    exportedAt: z.string(),
    /** The language of `topic.title` as asked (the title itself may fall back to another). */
    language: z.string(),
    topic: z.object({ id: z.int(), readableId: z.string(), slug: z.string(), title: z.string() }),
    window: z.enum(RANKING_WINDOW_IDS),
    /** The window's first instant, null for `all`. */
    since: z.string().nullable(),
    /** Voters on the topic; in a window, the counted ballots cast in it. */
    voters: z.int(),
    rows: z.array(rankingExportRowDto),
  })
  .register(apiComponents, { id: 'RankingExportDto' });
export type RankingExportDto = z.infer<typeof rankingExportDto>;

/** The parts of the administrators' catalogue export, one CSV each. */
export const CATALOGUE_PARTS = ['categories', 'tags', 'topics', 'propositions'] as const;
export type CataloguePart = (typeof CATALOGUE_PARTS)[number];

export const adminExportQuery = z.object({
  /** The language of names and titles (fallback as everywhere); base texts are exported beside them. */
  lng: languageText.optional(),
  language: languageText.optional(),
});

/** The columns of each administrators' CSV, in order (documented in the OpenAPI description too). */
export const ADMIN_EXPORT_COLUMNS = {
  categories: ['id', 'slug', 'name', 'parentId', 'system', 'createdAt'],
  tags: ['id', 'slug', 'name', 'type', 'categoryId', 'createdAt'],
  topics: [
    'id',
    'readableId',
    'slug',
    'title',
    'language',
    'categoryId',
    'main',
    'mainTopicId',
    'active',
    'voters',
    'tagIds',
    'createdAt',
  ],
  propositions: [
    'id',
    'topicId',
    'name',
    'points',
    'voters',
    'firstPlaces',
    'secondPlaces',
    'thirdPlaces',
    'createdAt',
    'listedAt',
  ],
  ballots: ['topicId', 'pseudonym', 'state', 'castOn', 'firstId', 'secondId', 'thirdId'],
} as const satisfies Record<CataloguePart | 'ballots', readonly string[]>;
