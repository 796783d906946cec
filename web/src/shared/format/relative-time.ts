import { formatInteger } from './integer.js';

type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';

const UNITS: ReadonlyArray<[Unit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

interface PastWords {
  now: string;
  /** "{n} … ago" for one and for more; `#` stands for the number. */
  units: Record<Unit, readonly [one: string, other: string]>;
  /** Words of their own for a given count ("yesterday", "the day before yesterday"). */
  named: Partial<Record<Unit, Record<number, string>>>;
}

/**
 * What `Intl.RelativeTimeFormat(language, { numeric: 'auto' })` says of the past in each UI language
 * (CLDR's data, copied: relative-time.test.ts checks it against Intl). The first such format a page
 * creates loads the browser's locale data: ~100 ms of main thread on a throttled phone, in the render
 * that follows the topic page's hydration. One and other are the only plural forms these languages use
 * for a count of one or more (French's "one" also holds 0, which is "now" here).
 */
const PAST: Record<string, PastWords> = {
  fr: {
    now: 'maintenant',
    units: {
      year: ['il y a # an', 'il y a # ans'],
      month: ['il y a # mois', 'il y a # mois'],
      week: ['il y a # semaine', 'il y a # semaines'],
      day: ['il y a # jour', 'il y a # jours'],
      hour: ['il y a # heure', 'il y a # heures'],
      minute: ['il y a # minute', 'il y a # minutes'],
    },
    named: {
      year: { 1: 'l’année dernière' },
      month: { 1: 'le mois dernier' },
      week: { 1: 'la semaine dernière' },
      day: { 1: 'hier', 2: 'avant-hier' },
    },
  },
  en: {
    now: 'now',
    units: {
      year: ['# year ago', '# years ago'],
      month: ['# month ago', '# months ago'],
      week: ['# week ago', '# weeks ago'],
      day: ['# day ago', '# days ago'],
      hour: ['# hour ago', '# hours ago'],
      minute: ['# minute ago', '# minutes ago'],
    },
    named: {
      year: { 1: 'last year' },
      month: { 1: 'last month' },
      week: { 1: 'last week' },
      day: { 1: 'yesterday' },
    },
  },
  es: {
    now: 'ahora',
    units: {
      year: ['hace # año', 'hace # años'],
      month: ['hace # mes', 'hace # meses'],
      week: ['hace # semana', 'hace # semanas'],
      day: ['hace # día', 'hace # días'],
      hour: ['hace # hora', 'hace # horas'],
      minute: ['hace # minuto', 'hace # minutos'],
    },
    named: {
      year: { 1: 'el año pasado' },
      month: { 1: 'el mes pasado' },
      week: { 1: 'la semana pasada' },
      day: { 1: 'ayer', 2: 'anteayer' },
    },
  },
  de: {
    now: 'jetzt',
    units: {
      year: ['vor # Jahr', 'vor # Jahren'],
      month: ['vor # Monat', 'vor # Monaten'],
      week: ['vor # Woche', 'vor # Wochen'],
      day: ['vor # Tag', 'vor # Tagen'],
      hour: ['vor # Stunde', 'vor # Stunden'],
      minute: ['vor # Minute', 'vor # Minuten'],
    },
    named: {
      year: { 1: 'letztes Jahr' },
      month: { 1: 'letzten Monat' },
      week: { 1: 'letzte Woche' },
      day: { 1: 'gestern', 2: 'vorgestern' },
    },
  },
};

/**
 * How long ago `iso` was, as the language says it ("il y a 3 heures", "vor 2 Tagen"), in the largest
 * whole unit; under a minute is "now".
 */
export function timeAgo(iso: string, language: string, now = Date.now()): string {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return pastIn(language, Math.floor(seconds / size), unit);
  }
  return PAST[language]?.now ?? relativeFormat(language).format(0, 'second');
}

/** `count` units ago, in the words above when the language has them, else as Intl says it. */
export function pastIn(language: string, count: number, unit: Unit): string {
  const words = PAST[language];
  const written = formatInteger(count, language);
  if (!words || written === undefined) return relativeFormat(language).format(-count, unit);
  return words.named[unit]?.[count] ?? words.units[unit][count === 1 ? 0 : 1].replace('#', written);
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat(language: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    relativeFormats.set(language, format);
  }
  return format;
}
