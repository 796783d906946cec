/**
 * Every code the API answers with, a closed set: the server builds each refusal with its one named
 * constructor (server/http/errors.ts), and each code has a text in every language
 * (`error.<CODE>` in common/i18n/languages/<code>.json), which the web shows instead of the server's English.
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  // A format a route names but does not serve (oEmbed's xml: the spec asks for 501).
  'NOT_IMPLEMENTED',
  'VALIDATION_ERROR',
  'UNSUPPORTED_LANGUAGE',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'TOKEN_EXPIRED',
  'INVALID_TOKEN',
  'INVALID_LINK',
  'ACCOUNT_DISABLED',
  'FORBIDDEN',
  'SYSTEM_CATEGORY',
  'NOT_FOUND',
  'REQUEST_TIMEOUT',
  'EMAIL_EXISTS',
  'USERNAME_EXISTS',
  'SLUG_EXISTS',
  'TOPIC_EXISTS',
  'PROPOSITION_EXISTS',
  'TRANSLATION_EXISTS',
  'TAG_IN_USE',
  'CATEGORY_IN_USE',
  'TOPIC_INACTIVE',
  'MAIN_TOPIC_NOT_VOTABLE',
  'LAST_ADMIN',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'HEADERS_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'DATABASE_DOWN',
  'SERVICE_UNAVAILABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
