/** A refusal the client is meant to see: HTTP status, stable code, human message, and the field at fault. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** Sent as Retry-After: when the refusal is temporary (429, 503), how long to wait. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Named constructors for every error code of DESIGN.md's API conventions. */
export const errors = {
  validation: (message: string, field?: string) => new ApiError(400, 'VALIDATION_ERROR', message, field),
  /** A request that cannot be read at all (a malformed URL); not about any one field. */
  badRequest: (message = 'Malformed request') => new ApiError(400, 'BAD_REQUEST', message),
  unsupportedLanguage: (code: string) =>
    new ApiError(400, 'UNSUPPORTED_LANGUAGE', `Unsupported language: ${code}`, 'lang'),
  unauthorized: (message = 'Authentication required') => new ApiError(401, 'UNAUTHORIZED', message),
  invalidCredentials: () => new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password'),
  tokenExpired: () => new ApiError(401, 'TOKEN_EXPIRED', 'Token expired'),
  invalidToken: (message = 'Invalid token') => new ApiError(401, 'INVALID_TOKEN', message),
  accountDisabled: (status: 401 | 403 = 403) =>
    new ApiError(status, 'ACCOUNT_DISABLED', 'This account is disabled'),
  forbidden: (message = 'You are not allowed to do this') => new ApiError(403, 'FORBIDDEN', message),
  notFound: (what = 'Resource') => new ApiError(404, 'NOT_FOUND', `${what} not found`),
  conflict: (code: string, message: string, field?: string) => new ApiError(409, code, message, field),
  /** The slug (made from the name unless given) of a topic, category or tag is taken. */
  slugExists: (entity: 'topic' | 'category' | 'tag') =>
    entity === 'topic'
      ? new ApiError(409, 'SLUG_EXISTS', 'A topic with this slug already exists', 'slug')
      : new ApiError(409, 'SLUG_EXISTS', `A ${entity} with this name already exists`, 'name'),
  /** Main topic names are unique within a category. */
  topicExists: (message = 'A main topic with this name already exists in this category') =>
    new ApiError(409, 'TOPIC_EXISTS', message, 'title'),
  payloadTooLarge: () => new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large'),
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
};
