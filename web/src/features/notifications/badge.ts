import { formatInteger } from '../../shared/format/integer.js';

/** The bell's badge: the unread count as the language writes it, "99+" past 99, nothing at 0. */
export function badgeText(unread: number, language: string): string | null {
  if (unread <= 0) return null;
  const written = (count: number) => formatInteger(count, language) ?? String(count);
  return unread > 99 ? `${written(99)}+` : written(unread);
}
