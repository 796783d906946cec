import { type CatalogRow, catalogFromRows, type FeatureCatalog } from '../catalog.js';

/**
 * A proposition's rank over the last 90 days (issue 37): the sentence beside its sparkline. Ranks are
 * ordinals by Intl.PluralRules' ordinal categories (English one/two/few/other, French one/other; Spanish
 * and German write every rank alike).
 */
const texts: Record<string, CatalogRow> = {
  'topic.history.rank_ordinal_one': ['{{count}}er', '{{count}}st', '{{count}}.º', 'Platz {{count}}'],
  'topic.history.rank_ordinal_two': ['{{count}}e', '{{count}}nd', '{{count}}.º', 'Platz {{count}}'],
  'topic.history.rank_ordinal_few': ['{{count}}e', '{{count}}rd', '{{count}}.º', 'Platz {{count}}'],
  'topic.history.rank_ordinal_other': ['{{count}}e', '{{count}}th', '{{count}}.º', 'Platz {{count}}'],
  'topic.history.monthAgo': ['il y a un mois', 'a month ago', 'hace un mes', 'vor einem Monat'],
  'topic.history.trend': [
    '{{before}} {{when}}, {{now}} aujourd’hui',
    '{{before}} {{when}}, {{now}} today',
    '{{before}} {{when}}, {{now}} hoy',
    '{{before}} {{when}}, heute {{now}}',
  ],
  'topic.history.new': [
    'Nouvelle dans le top 10, {{now}} aujourd’hui',
    'New in the top 10, {{now}} today',
    'Nueva en el top 10, {{now}} hoy',
    'Neu in den Top 10, heute {{now}}',
  ],
  // The daily job, as the back-office's jobs screen names it.
  'adminJobs.kind.history.snapshot': [
    'Instantané quotidien des classements',
    'Daily snapshot of the rankings',
    'Instantánea diaria de las clasificaciones',
    'Tägliche Momentaufnahme der Ranglisten',
  ],
};

export const historyCatalog: FeatureCatalog = catalogFromRows(texts);
