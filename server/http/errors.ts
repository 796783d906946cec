import type { ErrorCode } from '../../common/api/error-codes.js';

/** A refusal the client is meant to see: HTTP status, stable code, human message, and the field at fault. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    /** Sent as Retry-After: when the refusal is temporary (429, 503), how long to wait. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * One named constructor per error code (common/api/error-codes.ts). The messages are the server's
 * English, for logs and API clients; people read the text of the code in their language.
 */
export const errors = {
  validation: (message: string, field?: string) => new ApiError(400, 'VALIDATION_ERROR', message, field),
  /** A request that cannot be read at all (a malformed URL); not about any one field. */
  badRequest: (message = 'Malformed request', status = 400) => new ApiError(status, 'BAD_REQUEST', message),
  unsupportedLanguage: (code: string) =>
    new ApiError(400, 'UNSUPPORTED_LANGUAGE', `Unsupported language: ${code}`, 'lang'),
  unauthorized: (message = 'Authentication required') => new ApiError(401, 'UNAUTHORIZED', message),
  invalidCredentials: () => new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password'),
  tokenExpired: () => new ApiError(401, 'TOKEN_EXPIRED', 'Token expired'),
  invalidToken: (message = 'Invalid token') => new ApiError(401, 'INVALID_TOKEN', message),
  /** A mailed link whose token is unknown, used, or expired: one answer for all three (nothing to probe). */
  invalidLink: () => new ApiError(400, 'INVALID_LINK', 'This link has expired or was already used'),
  accountDisabled: (status: 401 | 403 = 403) =>
    new ApiError(status, 'ACCOUNT_DISABLED', 'This account is disabled'),
  forbidden: (message = 'You are not allowed to do this') => new ApiError(403, 'FORBIDDEN', message),
  notFound: (what = 'Resource') => new ApiError(404, 'NOT_FOUND', `${what} not found`),
  systemCategory: (verb: 'edited' | 'deleted') =>
    new ApiError(
      403,
      'SYSTEM_CATEGORY',
      `The “unassigned” category is a system category and cannot be ${verb}.`,
    ),
  emailExists: () => new ApiError(409, 'EMAIL_EXISTS', 'Email already in use', 'email'),
  usernameExists: () => new ApiError(409, 'USERNAME_EXISTS', 'Username already in use', 'username'),
  propositionExists: () =>
    new ApiError(
      409,
      'PROPOSITION_EXISTS',
      'This topic already has a proposition with this name',
      'itemName',
    ),
  translationExists: (language: string) =>
    new ApiError(
      409,
      'TRANSLATION_EXISTS',
      `A ${language} text already exists; update it instead`,
      'language',
    ),
  tagInUse: (usage: number) =>
    new ApiError(409, 'TAG_IN_USE', `This tag is used by ${usage} topic(s) and cannot be deleted`),
  categoryInUse: (usage: { topics: number; tags: number; subcategories: number }) =>
    new ApiError(
      409,
      'CATEGORY_IN_USE',
      `This category has ${usage.topics} topic(s), ${usage.tags} tag(s) and ${usage.subcategories} subcategory(ies); delete with force to move them to “unassigned”`,
    ),
  topicInactive: () => new ApiError(409, 'TOPIC_INACTIVE', 'This topic is closed to votes', 'topicId'),
  mainTopicNotVotable: () =>
    new ApiError(
      409,
      'MAIN_TOPIC_NOT_VOTABLE',
      'A main topic takes no votes: vote on one of its sub-topics',
      'topicId',
    ),
  lastAdmin: () =>
    new ApiError(409, 'LAST_ADMIN', 'The last active administrator must stay an active administrator'),
  /** The slug (made from the name unless given) of a topic, category or tag is taken. */
  slugExists: (entity: 'topic' | 'category' | 'tag') =>
    entity === 'topic'
      ? new ApiError(409, 'SLUG_EXISTS', 'A topic with this slug already exists', 'slug')
      : new ApiError(409, 'SLUG_EXISTS', `A ${entity} with this name already exists`, 'name'),
  /** Main topic names are unique within a category. */
  topicExists: (message = 'A main topic with this name already exists in this category') =>
    new ApiError(409, 'TOPIC_EXISTS', message, 'title'),
  payloadTooLarge: () => new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large'),
  unsupportedMediaType: () => new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send JSON (application/json)'),
  rateLimited: (retryAfterSeconds: number) =>
    new ApiError(
      429,
      'RATE_LIMITED',
      `Too many requests, retry in ${retryAfterSeconds} seconds`,
      undefined,
      retryAfterSeconds,
    ),
  /** The server cannot serve this now (its database is unreachable, or it is at capacity); retry soon. */
  serviceUnavailable: (retryAfterSeconds: number) =>
    new ApiError(
      503,
      'SERVICE_UNAVAILABLE',
      `The service is temporarily unavailable, retry in ${retryAfterSeconds} seconds`,
      undefined,
      retryAfterSeconds,
    ),
  notImplemented: (message: string) => new ApiError(501, 'NOT_IMPLEMENTED', message),
  internal: () => new ApiError(500, 'INTERNAL_ERROR', 'Internal server error'),
};
