const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const unitFormats = new Map<string, Intl.NumberFormat>();
function unitFormat(language: string, unit: 'minute' | 'hour' | 'day'): Intl.NumberFormat {
  const key = `${language}:${unit}`;
  let format = unitFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' });
    unitFormats.set(key, format);
  }
  return format;
}

/**
 * A span of time as the language says it, in the largest unit that keeps it a whole number people
 * read at a glance ("7 minutes", "3 Stunden", "2 días"); anything under a minute is "1 minute", the
 * detector's own resolution.
 */
export function formatDuration(ms: number, language: string): string {
  if (ms < HOUR_MS) return unitFormat(language, 'minute').format(Math.max(1, Math.round(ms / MINUTE_MS)));
  if (ms < 2 * DAY_MS) return unitFormat(language, 'hour').format(Math.round(ms / HOUR_MS));
  return unitFormat(language, 'day').format(Math.round(ms / DAY_MS));
}

/** How long `from` came before `to` (two ISO instants), never negative. */
export const spanBetween = (from: string, to: string): number =>
  Math.max(0, Date.parse(to) - Date.parse(from));
