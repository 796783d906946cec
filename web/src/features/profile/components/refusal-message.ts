import type { TFunction } from 'i18next';
import { errorMessage, isApiError } from '../../../shared/api/index.js';

/**
 * What to say of a refused profile or password change. A wrong current password comes back as a
 * validation error naming the field; this page says plainly that the password is wrong.
 */
export function refusalMessage(t: TFunction, error: unknown, fallbackKey: string): string {
  if (isApiError(error) && error.field === 'currentPassword') return t('profile.password.wrongCurrent');
  return errorMessage(t, error, fallbackKey);
}
