import { type CatalogRow, catalogFromRows, type FeatureCatalog } from '../catalog.js';

/** How a ranking stands beyond its totals (issue 33): its orders, the interval bars, the marks and the duels. */
const texts: Record<string, CatalogRow> = {
  'topic.order.label': ['Classer par', 'Rank by', 'Ordenar por', 'Sortieren nach'],
  'topic.order.points': ['Points', 'Points', 'Puntos', 'Punkte'],
  'topic.order.average': ['Moyenne', 'Average', 'Media', 'Durchschnitt'],
  'topic.order.averageNote': [
    'Classé par points moyens par bulletin, ajustés pour les propositions qui en ont peu.',
    'Ranked by average points per ballot, adjusted for propositions with few ballots.',
    'Ordenado por puntos medios por papeleta, ajustados para las propuestas con pocas papeletas.',
    'Sortiert nach durchschnittlichen Punkten pro Stimmzettel, ausgeglichen bei Vorschlägen mit wenigen Stimmzetteln.',
  ],
  'topic.order.howAverage': [
    'Comment la moyenne est calculée',
    'How the average works',
    'Cómo se calcula la media',
    'Wie der Durchschnitt entsteht',
  ],
  'topic.standing.average': [
    '{{average}} pt par bulletin, sans doute {{low}} à {{high}}',
    '{{average}} pts per ballot, likely {{low}} to {{high}}',
    '{{average}} pts por papeleta, probablemente {{low}} a {{high}}',
    '{{average}} Pkt. pro Stimmzettel, wahrscheinlich {{low}} bis {{high}}',
  ],
  'topic.standing.intervalLabel_one': [
    'En moyenne {{average}} points par bulletin, sans doute entre {{low}} et {{high}}, sur {{count}} bulletin qui pouvait la citer',
    'On average {{average}} points per ballot, likely between {{low}} and {{high}}, from {{count}} ballot that could name it',
    'De media {{average}} puntos por papeleta, probablemente entre {{low}} y {{high}}, sobre {{count}} papeleta que podía nombrarla',
    'Im Schnitt {{average}} Punkte pro Stimmzettel, wahrscheinlich zwischen {{low}} und {{high}}, aus {{count}} Stimmzettel, der ihn nennen konnte',
  ],
  'topic.standing.intervalLabel_other': [
    'En moyenne {{average}} points par bulletin, sans doute entre {{low}} et {{high}}, sur {{count}} bulletins qui pouvaient la citer',
    'On average {{average}} points per ballot, likely between {{low}} and {{high}}, from {{count}} ballots that could name it',
    'De media {{average}} puntos por papeleta, probablemente entre {{low}} y {{high}}, sobre {{count}} papeletas que podían nombrarla',
    'Im Schnitt {{average}} Punkte pro Stimmzettel, wahrscheinlich zwischen {{low}} und {{high}}, aus {{count}} Stimmzetteln, die ihn nennen konnten',
  ],
  'topic.standing.eligible': [
    'Bulletins qui pouvaient la citer',
    'Ballots that could name it',
    'Papeletas que podían nombrarla',
    'Stimmzettel, die ihn nennen konnten',
  ],
  'topic.standing.tooClose': [
    'Au coude-à-coude avec {{name}}',
    'Too close to call with {{name}}',
    'Empate técnico con {{name}}',
    'Kopf an Kopf mit {{name}}',
  ],
  'topic.standing.tooCloseLabel': [
    'Trop serré pour la départager de {{name}}\u00a0: quelques bulletins de plus pourraient les inverser',
    'Too close to call with {{name}}: a few more ballots could swap them',
    'Empate técnico con {{name}}: unas pocas papeletas más podrían invertirlas',
    'Kopf an Kopf mit {{name}}: ein paar Stimmzettel mehr könnten sie vertauschen',
  ],
  'topic.standing.agree': [
    '{{name}} mène aux points et gagne aussi chacun de ses duels.',
    '{{name}} leads on points and also wins every head-to-head duel.',
    '{{name}} lidera en puntos y también gana todos sus duelos.',
    '{{name}} führt nach Punkten und gewinnt auch jedes direkte Duell.',
  ],
  'topic.standing.disagree': [
    'En duel, {{winner}} bat chacune des autres propositions, sans pour autant mener aux points.',
    'Head to head, {{winner}} beats every other proposition, yet it does not lead on points.',
    'En duelos directos, {{winner}} vence a todas las demás propuestas, aunque no lidera en puntos.',
    'Im direkten Duell schlägt {{winner}} jeden anderen Vorschlag, führt aber nicht nach Punkten.',
  ],
  'topic.standing.noWinner': [
    'Aucune proposition ne gagne tous ses duels.',
    'No proposition wins every head-to-head duel.',
    'Ninguna propuesta gana todos sus duelos.',
    'Kein Vorschlag gewinnt jedes direkte Duell.',
  ],
  'topic.standing.howRanked': [
    'Comment ce classement est établi',
    'How this ranking works',
    'Cómo se calcula esta clasificación',
    'Wie diese Rangliste entsteht',
  ],
  'topic.duels.title': ['Face-à-face', 'Head to head', 'Cara a cara', 'Direkter Vergleich'],
  'topic.duels.show': ['Voir les duels', 'See the duels', 'Ver los duelos', 'Duelle ansehen'],
  'topic.duels.explain': [
    'Chaque duel compte les bulletins qui pouvaient citer les deux\u00a0: combien placent {{name}} au-dessus de l’autre, et combien en dessous.',
    'Each duel counts the ballots that could name both: how many put {{name}} above the other, and how many below.',
    'Cada duelo cuenta las papeletas que podían nombrar a ambas: cuántas ponen a {{name}} por encima de la otra y cuántas por debajo.',
    'Jedes Duell zählt die Stimmzettel, die beide nennen konnten: wie viele {{name}} über den anderen stellen und wie viele darunter.',
  ],
  'topic.duels.choose': ['Duels de', 'Duels of', 'Duelos de', 'Duelle von'],
  'topic.duels.against': ['contre {{name}}', 'against {{name}}', 'contra {{name}}', 'gegen {{name}}'],
  'topic.duels.win': [
    'gagne {{wins}} à {{losses}}',
    'wins {{wins}} to {{losses}}',
    'gana {{wins}} a {{losses}}',
    'gewinnt {{wins}} zu {{losses}}',
  ],
  'topic.duels.loss': [
    'perd {{wins}} à {{losses}}',
    'loses {{wins}} to {{losses}}',
    'pierde {{wins}} a {{losses}}',
    'verliert {{wins}} zu {{losses}}',
  ],
  'topic.duels.tie': [
    'à égalité, {{wins}} à {{losses}}',
    'ties {{wins}} to {{losses}}',
    'empata {{wins}} a {{losses}}',
    'unentschieden, {{wins}} zu {{losses}}',
  ],
};

export const standingCatalog: FeatureCatalog = catalogFromRows(texts);
