import type { Language } from '../../../common/constants.js';
import type { Names } from './demo-content.js';

/**
 * Word lists for the synthetic bench data: real words in four languages, so that search indexes
 * and ranks text that looks like production, with the grammar (gender, number) each language needs.
 */

export interface Dish {
  names: Names;
  /** French gender and number, for "Meilleur" / "Meilleure" / "Meilleurs" / "Meilleures". */
  fr: 'm' | 'f' | 'mp' | 'fp';
  /** Spanish plural takes "Mejores". */
  esPlural: boolean;
  /** German gender, for "Bester" / "Beste" / "Bestes". */
  de: 'm' | 'f' | 'n' | 'p';
}

const dish = (
  fr: string,
  frGender: Dish['fr'],
  en: string,
  es: string,
  esPlural: boolean,
  de: string,
  deGender: Dish['de'],
): Dish => ({ names: { fr, en, es, de }, fr: frGender, esPlural, de: deGender });

export const DISHES: Dish[] = [
  dish('pizza', 'f', 'pizza', 'pizza', false, 'Pizza', 'f'),
  dish('burger', 'm', 'burger', 'hamburguesa', false, 'Burger', 'm'),
  dish('ramen', 'mp', 'ramen', 'ramen', false, 'Ramen', 'p'),
  dish('croissant', 'm', 'croissant', 'cruasán', false, 'Croissant', 'n'),
  dish('café', 'm', 'coffee', 'café', false, 'Kaffee', 'm'),
  dish('tapas', 'fp', 'tapas', 'tapas', true, 'Tapas', 'p'),
  dish('sushi', 'mp', 'sushi', 'sushi', false, 'Sushi', 'n'),
  dish('couscous', 'm', 'couscous', 'cuscús', false, 'Couscous', 'm'),
  dish('crêpe', 'f', 'crêpe', 'crep', false, 'Crêpe', 'f'),
  dish('falafel', 'm', 'falafel', 'falafel', false, 'Falafel', 'f'),
  dish('kebab', 'm', 'kebab', 'kebab', false, 'Döner', 'm'),
  dish('paella', 'f', 'paella', 'paella', false, 'Paella', 'f'),
  dish('schnitzel', 'm', 'schnitzel', 'escalope', false, 'Schnitzel', 'n'),
  dish('glace', 'f', 'ice cream', 'helado', false, 'Eis', 'n'),
  dish('chocolat chaud', 'm', 'hot chocolate', 'chocolate caliente', false, 'heiße Schokolade', 'f'),
  dish('brunch', 'm', 'brunch', 'brunch', false, 'Brunch', 'm'),
  dish('tacos', 'mp', 'tacos', 'tacos', true, 'Tacos', 'p'),
  dish('bibimbap', 'm', 'bibimbap', 'bibimbap', false, 'Bibimbap', 'n'),
  dish('pho', 'm', 'pho', 'pho', false, 'Pho', 'f'),
  dish('curry', 'm', 'curry', 'curry', false, 'Curry', 'n'),
  dish('cheesecake', 'm', 'cheesecake', 'tarta de queso', false, 'Käsekuchen', 'm'),
  dish('tarte aux pommes', 'f', 'apple pie', 'tarta de manzana', false, 'Apfelkuchen', 'm'),
  dish('bretzel', 'm', 'pretzel', 'pretzel', false, 'Brezel', 'f'),
  dish('baguette', 'f', 'baguette', 'baguette', false, 'Baguette', 'n'),
  dish('huîtres', 'fp', 'oysters', 'ostras', true, 'Austern', 'p'),
  dish('fondue', 'f', 'fondue', 'fondue', false, 'Fondue', 'n'),
  dish('raclette', 'f', 'raclette', 'raclette', false, 'Raclette', 'f'),
  dish('bière artisanale', 'f', 'craft beer', 'cerveza artesanal', false, 'Craft-Bier', 'n'),
  dish('cocktail', 'm', 'cocktail', 'cóctel', false, 'Cocktail', 'm'),
  dish('vin naturel', 'm', 'natural wine', 'vino natural', false, 'Naturwein', 'm'),
  dish('macaron', 'm', 'macaron', 'macaron', false, 'Macaron', 'n'),
  dish('churros', 'mp', 'churros', 'churros', true, 'Churros', 'p'),
  dish('dim sum', 'mp', 'dim sum', 'dim sum', false, 'Dim Sum', 'p'),
  dish('poke bowl', 'm', 'poke bowl', 'poke bowl', false, 'Poke Bowl', 'f'),
  dish('gaufre', 'f', 'waffle', 'gofre', false, 'Waffel', 'f'),
  dish('empanadas', 'fp', 'empanadas', 'empanadas', true, 'Empanadas', 'p'),
  dish('pain au chocolat', 'm', 'pain au chocolat', 'napolitana de chocolate', false, 'Schokocroissant', 'n'),
  dish('burrito', 'm', 'burrito', 'burrito', false, 'Burrito', 'm'),
  dish('smoothie', 'm', 'smoothie', 'batido', false, 'Smoothie', 'm'),
  dish('hot-dog', 'm', 'hot dog', 'perrito caliente', false, 'Hotdog', 'm'),
];

/** "Best" in each language, agreeing with the dish. */
export function bestFor(d: Dish, language: Language): string {
  switch (language) {
    case 'fr':
      return { m: 'Meilleur', f: 'Meilleure', mp: 'Meilleurs', fp: 'Meilleures' }[d.fr];
    case 'en':
      return 'Best';
    case 'es':
      return d.esPlural ? 'Mejores' : 'Mejor';
    case 'de':
      return { m: 'Bester', f: 'Beste', n: 'Bestes', p: 'Beste' }[d.de];
  }
}

/** Phrases that follow the dish without agreeing with it; the empty one leaves the title plain. */
export const OCCASIONS: Names[] = [
  { fr: '', en: '', es: '', de: '' },
  { fr: 'pour le brunch', en: 'for brunch', es: 'para el brunch', de: 'zum Brunch' },
  { fr: 'en terrasse', en: 'on a terrace', es: 'en terraza', de: 'auf der Terrasse' },
  { fr: 'à emporter', en: 'to take away', es: 'para llevar', de: 'zum Mitnehmen' },
  { fr: 'près de la gare', en: 'near the station', es: 'cerca de la estación', de: 'am Bahnhof' },
  { fr: 'entre amis', en: 'with friends', es: 'con amigos', de: 'mit Freunden' },
  { fr: 'en famille', en: 'for families', es: 'en familia', de: 'mit der Familie' },
  { fr: 'après minuit', en: 'after midnight', es: 'después de medianoche', de: 'nach Mitternacht' },
  {
    fr: 'pour un premier rendez-vous',
    en: 'for a first date',
    es: 'para una primera cita',
    de: 'für ein erstes Date',
  },
  { fr: "au bord de l'eau", en: 'by the water', es: 'junto al agua', de: 'am Wasser' },
  { fr: 'sans gluten', en: 'without gluten', es: 'sin gluten', de: 'ohne Gluten' },
  { fr: 'du dimanche', en: 'on a Sunday', es: 'del domingo', de: 'am Sonntag' },
  { fr: 'au petit-déjeuner', en: 'for breakfast', es: 'para desayunar', de: 'zum Frühstück' },
  { fr: 'en hiver', en: 'in winter', es: 'en invierno', de: 'im Winter' },
  { fr: 'en été', en: 'in summer', es: 'en verano', de: 'im Sommer' },
  { fr: 'du quartier', en: 'in the neighbourhood', es: 'del barrio', de: 'im Viertel' },
  { fr: 'pour les étudiants', en: 'for students', es: 'para estudiantes', de: 'für Studenten' },
];

/** "in {city}" for standalone titles. */
export const IN_CITY: Names = { fr: 'à', en: 'in', es: 'en', de: 'in' };

/** Proposition names are a place prefix followed by a name: "Chez Lucia", "Taberna Marco". */
export const PLACE_PREFIXES = [
  'Chez',
  'Casa',
  'Maison',
  'Bar',
  'Café',
  'Trattoria',
  'Taberna',
  'Gasthaus',
  'Bistrot',
  'Le Petit',
  'La Bonne Table de',
  'El Rincón de',
  'Da',
  'Kitchen',
  'Atelier',
  'Comptoir',
  'Cantina',
  'Osteria',
  'Brasserie',
  'Imbiss',
];

export const PLACE_NAMES = [
  'Marco',
  'Lucia',
  'Paul',
  'Ana',
  'Jonas',
  'Léa',
  'Pedro',
  'Greta',
  'Nino',
  'Rosa',
  'Hugo',
  'Inès',
  'Mateo',
  'Frieda',
  'Olivia',
  'Tomás',
  'Margot',
  'Anton',
  'Carmen',
  'Felix',
  'Louise',
  'Diego',
  'Clara',
  'Emil',
  'Sofía',
  'Jules',
  'Ida',
  'Bruno',
  'Elena',
  'Oskar',
  'Camille',
  'Vicente',
  'Mila',
  'Arthur',
  'Nora',
  'Rafael',
  'Zoé',
  'Karl',
  'Inés',
  'Théo',
];

export const FIRST_NAMES = [
  'chloe',
  'lucas',
  'emma',
  'hugo',
  'manon',
  'theo',
  'james',
  'olivia',
  'noah',
  'amelia',
  'diego',
  'lucia',
  'pablo',
  'sofia',
  'mateo',
  'lena',
  'jonas',
  'mia',
  'felix',
  'hannah',
  'leon',
  'anna',
  'paul',
  'ines',
];

export const LAST_NAMES = [
  'martin',
  'bernard',
  'dubois',
  'moreau',
  'laurent',
  'walker',
  'smith',
  'brown',
  'taylor',
  'ruiz',
  'garcia',
  'lopez',
  'sanchez',
  'navarro',
  'schmidt',
  'mueller',
  'schneider',
  'fischer',
  'weber',
  'wagner',
];

/** Base description of a bench topic, `{title}` replaced by its title. */
export const BENCH_DESCRIPTION: Names = {
  fr: 'Classez vos trois adresses préférées : {title}.',
  en: 'Rank your three favourite places: {title}.',
  es: 'Elige tus tres sitios favoritos: {title}.',
  de: 'Wähle deine drei Lieblingsadressen: {title}.',
};
