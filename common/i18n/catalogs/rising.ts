import { type CatalogRow, catalogFromRows, type FeatureCatalog } from '../catalog.js';

/** The home page's "rising this week" (issue 37): the busiest topics and the climbing propositions. */
const texts: Record<string, CatalogRow> = {
  'home.rising.title': [
    'En hausse cette semaine',
    'Rising this week',
    'En alza esta semana',
    'Im Aufwind diese Woche',
  ],
  'home.rising.topics': [
    'Les plus votés en 7 jours',
    'Most ballots in 7 days',
    'Más papeletas en 7 días',
    'Die meisten Stimmzettel in 7 Tagen',
  ],
  'home.rising.ballots_one': ['{{n}} bulletin', '{{n}} ballot', '{{n}} papeleta', '{{n}} Stimmzettel'],
  'home.rising.ballots_other': ['{{n}} bulletins', '{{n}} ballots', '{{n}} papeletas', '{{n}} Stimmzettel'],
  'home.rising.propositions': [
    'Ils grimpent au classement',
    'Climbing their ranking',
    'Suben en su clasificación',
    'Steigen in ihrer Rangliste',
  ],
  'home.rising.propositionsHint': [
    'Comparé à leur top 10 d’il y a une semaine',
    'Compared with their top 10 a week ago',
    'Comparado con su top 10 de hace una semana',
    'Verglichen mit ihren Top 10 vor einer Woche',
  ],
  'home.rising.up_one': ['gagne {{n}} place', 'up {{n}} place', 'sube {{n}} puesto', '{{n}} Platz höher'],
  'home.rising.up_other': [
    'gagne {{n}} places',
    'up {{n}} places',
    'sube {{n}} puestos',
    '{{n}} Plätze höher',
  ],
  'home.rising.new': [
    'Nouveau dans le top 10',
    'New in the top 10',
    'Nuevo en el top 10',
    'Neu in den Top 10',
  ],
  'home.rising.rankNow': [
    'désormais n°\u00a0{{rank}}',
    'now #{{rank}}',
    'ahora n.º\u00a0{{rank}}',
    'jetzt Platz\u00a0{{rank}}',
  ],
  'home.rising.rankWas': [
    'désormais n°\u00a0{{rank}}, avant n°\u00a0{{before}}',
    'now #{{rank}}, was #{{before}}',
    'ahora n.º\u00a0{{rank}}, antes n.º\u00a0{{before}}',
    'jetzt Platz\u00a0{{rank}}, vorher Platz\u00a0{{before}}',
  ],
  'home.rising.none': [
    'Rien n’a encore bougé cette semaine. Votez pour lancer le mouvement.',
    'Nothing has moved this week yet. Cast a vote to get things going.',
    'Nada se ha movido todavía esta semana. Vota para ponerlo en marcha.',
    'Diese Woche hat sich noch nichts bewegt. Stimm ab und bring es in Gang.',
  ],
  'home.rising.error': [
    'Impossible de charger ce qui monte cette semaine.',
    'Could not load what is rising this week.',
    'No se pudo cargar lo que sube esta semana.',
    'Was diese Woche aufsteigt, konnte nicht geladen werden.',
  ],
};

export const risingCatalog: FeatureCatalog = catalogFromRows(texts);
