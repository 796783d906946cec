import { type CatalogRow, catalogFromRows, type FeatureCatalog } from '../catalog.js';

/** A ranking's time windows (issue 37): the tabs, what a window's ranking counts, its empty state. */
const texts: Record<string, CatalogRow> = {
  'topic.window.label': ['Période', 'Period', 'Periodo', 'Zeitraum'],
  'topic.window.all': ['Depuis le début', 'All time', 'Desde siempre', 'Insgesamt'],
  'topic.window.year': ['Cette année', 'This year', 'Este año', 'Dieses Jahr'],
  'topic.window.month': ['Ce mois-ci', 'This month', 'Este mes', 'Diesen Monat'],
  'topic.window.week': ['Cette semaine', 'This week', 'Esta semana', 'Diese Woche'],
  'topic.window.note.year_one': [
    'Compte {{ballots}} bulletin voté ces 365 derniers jours, depuis le {{since}}.',
    'Counts {{ballots}} ballot cast in the last 365 days, since {{since}}.',
    'Cuenta {{ballots}} papeleta emitida en los últimos 365 días, desde el {{since}}.',
    'Zählt {{ballots}} Stimmzettel der letzten 365 Tage, seit dem {{since}}.',
  ],
  'topic.window.note.year_other': [
    'Compte {{ballots}} bulletins votés ces 365 derniers jours, depuis le {{since}}.',
    'Counts {{ballots}} ballots cast in the last 365 days, since {{since}}.',
    'Cuenta {{ballots}} papeletas emitidas en los últimos 365 días, desde el {{since}}.',
    'Zählt {{ballots}} Stimmzettel der letzten 365 Tage, seit dem {{since}}.',
  ],
  'topic.window.note.month_one': [
    'Compte {{ballots}} bulletin voté ces 30 derniers jours, depuis le {{since}}.',
    'Counts {{ballots}} ballot cast in the last 30 days, since {{since}}.',
    'Cuenta {{ballots}} papeleta emitida en los últimos 30 días, desde el {{since}}.',
    'Zählt {{ballots}} Stimmzettel der letzten 30 Tage, seit dem {{since}}.',
  ],
  'topic.window.note.month_other': [
    'Compte {{ballots}} bulletins votés ces 30 derniers jours, depuis le {{since}}.',
    'Counts {{ballots}} ballots cast in the last 30 days, since {{since}}.',
    'Cuenta {{ballots}} papeletas emitidas en los últimos 30 días, desde el {{since}}.',
    'Zählt {{ballots}} Stimmzettel der letzten 30 Tage, seit dem {{since}}.',
  ],
  'topic.window.note.week_one': [
    'Compte {{ballots}} bulletin voté ces 7 derniers jours, depuis le {{since}}.',
    'Counts {{ballots}} ballot cast in the last 7 days, since {{since}}.',
    'Cuenta {{ballots}} papeleta emitida en los últimos 7 días, desde el {{since}}.',
    'Zählt {{ballots}} Stimmzettel der letzten 7 Tage, seit dem {{since}}.',
  ],
  'topic.window.note.week_other': [
    'Compte {{ballots}} bulletins votés ces 7 derniers jours, depuis le {{since}}.',
    'Counts {{ballots}} ballots cast in the last 7 days, since {{since}}.',
    'Cuenta {{ballots}} papeletas emitidas en los últimos 7 días, desde el {{since}}.',
    'Zählt {{ballots}} Stimmzettel der letzten 7 Tage, seit dem {{since}}.',
  ],
  'topic.window.empty.year': [
    'Aucun bulletin voté ces 365 derniers jours.',
    'No ballot was cast in the last 365 days.',
    'No se emitió ninguna papeleta en los últimos 365 días.',
    'In den letzten 365 Tagen wurde kein Stimmzettel abgegeben.',
  ],
  'topic.window.empty.month': [
    'Aucun bulletin voté ces 30 derniers jours.',
    'No ballot was cast in the last 30 days.',
    'No se emitió ninguna papeleta en los últimos 30 días.',
    'In den letzten 30 Tagen wurde kein Stimmzettel abgegeben.',
  ],
  'topic.window.empty.week': [
    'Aucun bulletin voté ces 7 derniers jours.',
    'No ballot was cast in the last 7 days.',
    'No se emitió ninguna papeleta en los últimos 7 días.',
    'In den letzten 7 Tagen wurde kein Stimmzettel abgegeben.',
  ],
  'topic.window.allTimeDuels': [
    'Les duels comptent tous les bulletins, depuis le début.',
    'Head to head counts every ballot, all time.',
    'Los duelos cuentan todas las papeletas, desde siempre.',
    'Die Duelle zählen alle Stimmzettel, insgesamt.',
  ],
  'topic.window.how': [
    'Comment les périodes sont comptées',
    'How periods are counted',
    'Cómo se cuentan los periodos',
    'Wie Zeiträume gezählt werden',
  ],
};

export const windowsCatalog: FeatureCatalog = catalogFromRows(texts);
