import type { TFunction } from 'i18next';
import { CLIENT_ERROR_CODES, isApiError } from '../../../shared/api/index.js';

/** SPEC section 8 "Suggestion search": timeout, other failures, and a throw that is no error at all. */
export function searchErrorMessage(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.code === CLIENT_ERROR_CODES.timeout) return t('search.error.timeout');
  if (error instanceof Error) return t('search.error.failed');
  return t('search.error.unexpected');
}
