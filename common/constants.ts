export {
  BASE_NAME_LANGUAGE,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_LABELS,
  LANGUAGES,
  type Language,
} from './languages.js';

/** The nine built-in tag types; administrators may add custom (upper-cased) ones. */
export const TAG_TYPES = [
  'LOCATION',
  'CUISINE',
  'STYLE',
  'PRICE',
  'AMBIANCE',
  'GENRE',
  'YEAR',
  'CATEGORY',
  'OTHER',
] as const;
export type BuiltInTagType = (typeof TAG_TYPES)[number];
export const DEFAULT_TAG_TYPE: BuiltInTagType = 'OTHER';

/** Place 1 gives 3 points, place 2 gives 2, place 3 gives 1. */
export const VOTE_POINTS = [3, 2, 1] as const;
export type VotePoints = (typeof VOTE_POINTS)[number];

export const UNASSIGNED_CATEGORY_SLUG = 'unassigned';

export const LIMITS = {
  usernameMin: 3,
  usernameMax: 32,
  emailMax: 254,
  passwordMin: 6,
  passwordMax: 256,
  personNameMax: 80,
  categoryNameMax: 80,
  tagNameMax: 80,
  topicTitleMax: 200,
  topicDescriptionMax: 2000,
  propositionNameMax: 120,
  translationValueMax: 5000,
  translationKeyMax: 200,
  searchQueryMax: 200,
  searchQueryMin: 2,
} as const;

export const HOME_POPULAR_LIMIT = 6;
export const SEARCH_PAGE_SIZE = 20;
/** A main topic's page shows its sub-topics' podiums this many at a time. */
export const HUB_PAGE_SIZE = 24;
export const SEARCH_DEBOUNCE_MS = 300;
export const MAX_SUGGESTIONS = 50;
export const API_TIMEOUT_MS = 10_000;
export const SIMILARITY_THRESHOLD = 0.6;
export const MAX_SIMILAR_SUGGESTIONS = 3;
export const RANKING_ROW_DELAY_S = 0.1;
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/** Storage keys shared by every tab of the web client. */
/**
 * Name of the server-sent event that carries a topic's new ranking (GET /api/topics/{id}/events).
 * Here rather than beside the vote schemas so that the topic page's bundle does not pull in zod.
 */
export const RANKING_EVENT = 'ranking';

/** Id of the JSON block in which the server hands the page its first UI catalog. */
export const BOOT_CATALOG_ELEMENT_ID = 'podium-ui-catalog';
/**
 * The id of the JSON data block of a server-rendered page: its language and the query cache's data the
 * page was rendered with (docs/decisions/008-server-rendered-pages.md).
 */
export const PAGE_DATA_ELEMENT_ID = 'podium-page-data';

export const STORAGE_KEYS = { token: 'token', refreshToken: 'refreshToken', language: 'language' } as const;

/**
 * The cookie that carries the stored language choice to the server, which serves each page in it
 * (docs/decisions/003, "The page's language").
 */
export const LANGUAGE_COOKIE = { name: 'lang', maxAgeSeconds: 31_536_000 } as const;
