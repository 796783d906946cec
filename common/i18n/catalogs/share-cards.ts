import { type CatalogRow, catalogFromRows, type FeatureCatalog } from '../catalog.js';

/**
 * A topic's share card (issue 38): the words of its Open Graph image and of the image's alternative text.
 * `{{podium}}` is the places written out ("1. Da Marco (42 points), 2. …"), `{{leaders}}` the sub-topics'
 * leaders ("Pizza: Da Marco, …").
 */
const texts: Record<string, CatalogRow> = {
  'card.points_one': ['{{count}} point', '{{count}} point', '{{count}} punto', '{{count}} Punkt'],
  'card.points_other': ['{{count}} points', '{{count}} points', '{{count}} puntos', '{{count}} Punkte'],
  'card.tagline': ['Votez pour votre top 3', 'Vote for your top 3', 'Vota tu top 3', 'Wähle deine Top 3'],
  'card.noVotes': [
    'Pas encore de vote\u00a0: soyez le premier\u00a0!',
    'No votes yet: be the first!',
    'Aún no hay votos: ¡sé el primero!',
    'Noch keine Stimmen: sei die erste Person!',
  ],
  'card.hubLeaders': [
    'En tête de chaque classement',
    'Leading each ranking',
    'En cabeza de cada clasificación',
    'An der Spitze jedes Rankings',
  ],
  'card.alt': [
    'Podium de «\u00a0{{title}}\u00a0»\u00a0: {{podium}}',
    'Podium of “{{title}}”: {{podium}}',
    'Podio de «{{title}}»: {{podium}}',
    'Podium von „{{title}}“: {{podium}}',
  ],
  'card.altEmpty': [
    'Podium de «\u00a0{{title}}\u00a0»\u00a0: pas encore de vote',
    'Podium of “{{title}}”: no votes yet',
    'Podio de «{{title}}»: aún no hay votos',
    'Podium von „{{title}}“: noch keine Stimmen',
  ],
  'card.hubAlt': [
    'En tête des classements de «\u00a0{{title}}\u00a0»\u00a0: {{leaders}}',
    'Leaders of the rankings of “{{title}}”: {{leaders}}',
    'En cabeza de las clasificaciones de «{{title}}»: {{leaders}}',
    'An der Spitze der Rankings von „{{title}}“: {{leaders}}',
  ],
};

export const shareCardsCatalog: FeatureCatalog = catalogFromRows(texts);
