import { LANGUAGES, type Language } from '../../../common/constants.js';

/**
 * The demo catalogue: food and restaurant topics in French, English, Spanish and German.
 * Plain data only; demo-plan.ts derives sub-topics, propositions and votes from it deterministically.
 * Place names are invented (or generic) so that no real business is ranked by made-up votes.
 */

/**
 * The languages the demo content is written in. Demo content is data, not interface: a language added to
 * the list since has no demo names, and its readers get each entity's base text (the fallback chain).
 */
export const DEMO_LANGUAGES = ['fr', 'en', 'es', 'de'] as const satisfies readonly Language[];
export type DemoLanguage = (typeof DEMO_LANGUAGES)[number];
export type Names = Record<DemoLanguage, string>;

/** The shipped languages the demo content has names in: translations are seeded in these only. */
export const SEEDED_LANGUAGES: readonly DemoLanguage[] = LANGUAGES.filter(
  (language): language is DemoLanguage => (DEMO_LANGUAGES as readonly string[]).includes(language),
);

const names = (fr: string, en: string, es: string, de: string): Names => ({ fr, en, es, de });

export interface DemoCategory {
  slug: string;
  names: Names;
  /** Slug of the parent category: one level only. */
  parent?: string;
}

export interface DemoTag {
  slug: string;
  type: string;
  /** Slug of the category, or null for cross-cutting tags such as cities and price ranges. */
  category: string | null;
  names: Names;
}

export interface DemoMainTopic {
  category: string;
  /** Language of the base title and description. */
  language: Language;
  titles: Names;
  descriptions: Names;
  mandatoryTypes: string[];
  /** Each combination holds one tag slug per mandatory type, in the order of mandatoryTypes. */
  combinations: string[][];
  /** Sub-topics draw their propositions from this pool. */
  propositionPool: string[];
}

export interface DemoStandaloneTopic {
  category: string;
  language: Language;
  titles: Names;
  descriptions: Names;
  tags: string[];
  propositions: string[];
}

export interface DemoUser {
  username: string;
  firstName: string;
  lastName: string;
  language: Language;
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  { slug: 'restaurants', names: names('Restaurants', 'Restaurants', 'Restaurantes', 'Restaurants') },
  {
    slug: 'pizzerias',
    names: names('Pizzerias', 'Pizzerias', 'Pizzerías', 'Pizzerien'),
    parent: 'restaurants',
  },
  {
    slug: 'burgers',
    names: names('Burgers', 'Burgers', 'Hamburguesas', 'Burger'),
    parent: 'restaurants',
  },
  {
    slug: 'cafes-bakeries',
    names: names(
      'Cafés et boulangeries',
      'Cafés & bakeries',
      'Cafeterías y panaderías',
      'Cafés & Bäckereien',
    ),
  },
  { slug: 'street-food', names: names('Cuisine de rue', 'Street food', 'Comida callejera', 'Streetfood') },
  {
    slug: 'wine-drinks',
    names: names('Vins et boissons', 'Wine & drinks', 'Vinos y bebidas', 'Wein & Getränke'),
  },
  {
    slug: 'cocktail-bars',
    names: names('Bars à cocktails', 'Cocktail bars', 'Coctelerías', 'Cocktailbars'),
    parent: 'wine-drinks',
  },
  { slug: 'desserts', names: names('Desserts', 'Desserts', 'Postres', 'Desserts') },
  { slug: 'markets', names: names('Marchés', 'Food markets', 'Mercados', 'Märkte') },
];

const location = (slug: string, fr: string, en: string, es: string, de: string): DemoTag => ({
  slug,
  type: 'LOCATION',
  category: null,
  names: names(fr, en, es, de),
});

export const DEMO_TAGS: DemoTag[] = [
  location('paris', 'Paris', 'Paris', 'París', 'Paris'),
  location('lyon', 'Lyon', 'Lyon', 'Lyon', 'Lyon'),
  location('marseille', 'Marseille', 'Marseille', 'Marsella', 'Marseille'),
  location('bordeaux', 'Bordeaux', 'Bordeaux', 'Burdeos', 'Bordeaux'),
  location('madrid', 'Madrid', 'Madrid', 'Madrid', 'Madrid'),
  location('barcelona', 'Barcelone', 'Barcelona', 'Barcelona', 'Barcelona'),
  location('seville', 'Séville', 'Seville', 'Sevilla', 'Sevilla'),
  location('valencia', 'Valence', 'Valencia', 'Valencia', 'Valencia'),
  location('berlin', 'Berlin', 'Berlin', 'Berlín', 'Berlin'),
  location('munich', 'Munich', 'Munich', 'Múnich', 'München'),
  location('hamburg', 'Hambourg', 'Hamburg', 'Hamburgo', 'Hamburg'),
  location('london', 'Londres', 'London', 'Londres', 'London'),
  { slug: 'cheap', type: 'PRICE', category: null, names: names('Pas cher', 'Cheap', 'Barato', 'Günstig') },
  {
    slug: 'mid-range',
    type: 'PRICE',
    category: null,
    names: names('Prix moyen', 'Mid-range', 'Precio medio', 'Mittlere Preisklasse'),
  },
  {
    slug: 'upscale',
    type: 'PRICE',
    category: null,
    names: names('Haut de gamme', 'Upscale', 'De alta gama', 'Gehoben'),
  },
  ...(
    [
      ['italian', 'Italienne', 'Italian', 'Italiana', 'Italienisch'],
      ['japanese', 'Japonaise', 'Japanese', 'Japonesa', 'Japanisch'],
      ['mexican', 'Mexicaine', 'Mexican', 'Mexicana', 'Mexikanisch'],
      ['lebanese', 'Libanaise', 'Lebanese', 'Libanesa', 'Libanesisch'],
      ['indian', 'Indienne', 'Indian', 'India', 'Indisch'],
      ['french', 'Française', 'French', 'Francesa', 'Französisch'],
      ['spanish', 'Espagnole', 'Spanish', 'Española', 'Spanisch'],
      ['vietnamese', 'Vietnamienne', 'Vietnamese', 'Vietnamita', 'Vietnamesisch'],
      ['thai', 'Thaïlandaise', 'Thai', 'Tailandesa', 'Thailändisch'],
      ['greek', 'Grecque', 'Greek', 'Griega', 'Griechisch'],
    ] as const
  ).map(([slug, fr, en, es, de]) => ({
    slug,
    type: 'CUISINE',
    category: 'restaurants',
    names: names(fr, en, es, de),
  })),
  {
    slug: 'neapolitan',
    type: 'STYLE',
    category: 'pizzerias',
    names: names('Napolitaine', 'Neapolitan', 'Napolitana', 'Neapolitanisch'),
  },
  {
    slug: 'roman-style',
    type: 'STYLE',
    category: 'pizzerias',
    names: names('Romaine', 'Roman-style', 'Romana', 'Römisch'),
  },
  {
    slug: 'smash-burger',
    type: 'STYLE',
    category: 'burgers',
    names: names('Smash burger', 'Smash burger', 'Smash burger', 'Smash-Burger'),
  },
  {
    slug: 'vegan',
    type: 'STYLE',
    category: 'restaurants',
    names: names('Végane', 'Vegan', 'Vegana', 'Vegan'),
  },
  {
    slug: 'gluten-free',
    type: 'STYLE',
    category: 'restaurants',
    names: names('Sans gluten', 'Gluten-free', 'Sin gluten', 'Glutenfrei'),
  },
  {
    slug: 'specialty-coffee',
    type: 'STYLE',
    category: 'cafes-bakeries',
    names: names('Café de spécialité', 'Specialty coffee', 'Café de especialidad', 'Spezialitätenkaffee'),
  },
  {
    slug: 'natural-wine',
    type: 'STYLE',
    category: 'wine-drinks',
    names: names('Vin nature', 'Natural wine', 'Vino natural', 'Naturwein'),
  },
  ...(
    [
      ['romantic', 'Romantique', 'Romantic', 'Romántico', 'Romantisch'],
      ['family-friendly', 'En famille', 'Family-friendly', 'Familiar', 'Familienfreundlich'],
      ['terrace', 'Terrasse', 'Terrace', 'Terraza', 'Terrasse'],
      ['lively', 'Animé', 'Lively', 'Animado', 'Lebhaft'],
      ['cosy', 'Cosy', 'Cosy', 'Acogedor', 'Gemütlich'],
    ] as const
  ).map(([slug, fr, en, es, de]) => ({
    slug,
    type: 'AMBIANCE',
    category: 'restaurants',
    names: names(fr, en, es, de),
  })),
  {
    slug: 'open-late',
    type: 'OTHER',
    category: null,
    names: names('Ouvert tard', 'Open late', 'Abierto hasta tarde', 'Spät geöffnet'),
  },
  {
    slug: 'brunch',
    type: 'OTHER',
    category: 'cafes-bakeries',
    names: names('Brunch', 'Brunch', 'Brunch', 'Brunch'),
  },
  {
    slug: 'takeaway',
    type: 'OTHER',
    category: 'street-food',
    names: names('À emporter', 'Takeaway', 'Para llevar', 'Zum Mitnehmen'),
  },
  { slug: 'year-2025', type: 'YEAR', category: null, names: names('2025', '2025', '2025', '2025') },
  { slug: 'year-2026', type: 'YEAR', category: null, names: names('2026', '2026', '2026', '2026') },
];

export const DEMO_MAIN_TOPICS: DemoMainTopic[] = [
  {
    category: 'pizzerias',
    language: 'fr',
    titles: names('Meilleure pizza', 'Best pizza', 'Mejor pizza', 'Beste Pizza'),
    descriptions: names(
      'La pâte, la sauce tomate, la mozzarella et le four : votre pizzeria préférée, ville par ville et selon votre budget.',
      'Dough, tomato sauce, mozzarella and the oven: your favourite pizzeria, city by city and for every budget.',
      'La masa, la salsa de tomate, la mozzarella y el horno: tu pizzería favorita, ciudad por ciudad y según tu presupuesto.',
      'Teig, Tomatensoße, Mozzarella und Ofen: deine Lieblingspizzeria, Stadt für Stadt und für jedes Budget.',
    ),
    mandatoryTypes: ['LOCATION', 'PRICE'],
    combinations: [
      ['paris', 'cheap'],
      ['paris', 'mid-range'],
      ['paris', 'upscale'],
      ['lyon', 'cheap'],
      ['lyon', 'mid-range'],
      ['marseille', 'cheap'],
      ['madrid', 'cheap'],
      ['madrid', 'mid-range'],
      ['barcelona', 'mid-range'],
      ['berlin', 'cheap'],
      ['munich', 'upscale'],
      ['london', 'mid-range'],
    ],
    propositionPool: [
      'Pizzeria Da Marco',
      'Bella Napoli',
      'Forno Rosso',
      'La Brace',
      'Il Vesuvio',
      'Pizza Mia',
      'Trattoria Luna',
      'Casa Sorrento',
      'Mozza & Co',
      'Pizzeria Bianca',
      'Gusto Verace',
      'La Piccola Italia',
      'Forno 900',
      'Pizzeria del Porto',
      'Pomodoro Bistro',
      'Basilico',
      "L'Impasto",
      'Al Taglio 23',
      'Nonna Rosa',
      'Fratelli Esposito',
      'Pizza Bandita',
      'Ciao Bella Pizza',
      'Napoli Centrale',
      'Farina & Fuoco',
      'Lievito Madre',
      'Il Forno di Gino',
      'Pizzeria Capri',
      'Due Fratelli',
      'Officina della Pizza',
      'La Scugnizza',
      'Mamma Lucia',
      'Don Peppino',
    ],
  },
  {
    category: 'burgers',
    language: 'en',
    titles: names('Meilleur burger', 'Best burger', 'Mejor hamburguesa', 'Bester Burger'),
    descriptions: names(
      'Pain brioché, steak juteux, cheddar fondu : où trouver le burger qui vaut le détour ?',
      'Brioche bun, juicy patty, melted cheddar: where is the burger worth the trip?',
      'Pan brioche, carne jugosa, cheddar fundido: ¿dónde está la hamburguesa que merece el viaje?',
      'Briochebrötchen, saftiges Patty, geschmolzener Cheddar: wo gibt es den Burger, der die Reise wert ist?',
    ),
    mandatoryTypes: ['LOCATION'],
    combinations: [['paris'], ['lyon'], ['berlin'], ['hamburg'], ['london'], ['madrid']],
    propositionPool: [
      'Smash Brothers',
      'The Patty Club',
      'Burger Barn',
      'Big Bun Theory',
      'Grill & Chill',
      'Black Angus Corner',
      'Route 66 Diner',
      'Bun Voyage',
      'The Burger Lab',
      'Cheddar & Smoke',
      'Double Trouble Burgers',
      'Brioche Bros',
      'Flame Grill House',
      'Mister Patty',
      'Onion Ring Republic',
      'The Good Beef',
      'Le Petit Burger',
      'Bacon Street',
      'Urban Griddle',
      'Stack House',
      'Sesame Seed Diner',
    ],
  },
  {
    category: 'restaurants',
    language: 'es',
    titles: names('Meilleures tapas', 'Best tapas', 'Mejores tapas', 'Beste Tapas'),
    descriptions: names(
      'Croquetas, patatas bravas, jamón et un verre de vermouth : le bar à tapas où retourner.',
      'Croquetas, patatas bravas, ham and a glass of vermouth: the tapas bar you keep going back to.',
      'Croquetas, patatas bravas, jamón y un vermut: el bar de tapas al que siempre vuelves.',
      'Croquetas, Patatas bravas, Schinken und ein Glas Wermut: die Tapas-Bar, in die man immer wieder geht.',
    ),
    mandatoryTypes: ['LOCATION', 'AMBIANCE'],
    combinations: [
      ['madrid', 'lively'],
      ['madrid', 'terrace'],
      ['barcelona', 'lively'],
      ['barcelona', 'romantic'],
      ['seville', 'terrace'],
      ['valencia', 'family-friendly'],
    ],
    propositionPool: [
      'Taberna La Bodeguita',
      'Casa Lola',
      'Bar Los Arcos',
      'La Tasca de Manolo',
      'El Rincón de Ana',
      'Bodega La Parra',
      'Taberna del Puerto',
      'Casa Paco',
      'Bar La Esquina',
      'El Fogón de Rosa',
      'Tapería Sol y Sombra',
      'Cervecería La Plaza',
      'El Boquerón Feliz',
      'Bar Pimiento',
      'La Gamba Alegre',
      'Taberna Entre Vinos',
      'El Patio Andaluz',
      'Bar Tres Hermanos',
      'Mesón La Encina',
    ],
  },
  {
    category: 'cafes-bakeries',
    language: 'de',
    titles: names('Meilleur café', 'Best coffee', 'Mejor café', 'Bester Kaffee'),
    descriptions: names(
      'Espresso, filtre ou flat white : le comptoir où le café est pris au sérieux.',
      'Espresso, filter or flat white: the counter where coffee is taken seriously.',
      'Espresso, filtro o flat white: la barra donde el café se toma en serio.',
      'Espresso, Filter oder Flat White: die Theke, an der Kaffee ernst genommen wird.',
    ),
    mandatoryTypes: ['LOCATION'],
    combinations: [['berlin'], ['munich'], ['hamburg'], ['paris'], ['barcelona']],
    propositionPool: [
      'Röstwerk',
      'Kaffeehaus Hansen',
      'Bohnenglück',
      'Café Morgenrot',
      'Espresso Eck',
      'Barista Brüder',
      'Kaffeekultur',
      'Rösterei Nordlicht',
      'Café Milchschaum',
      'Filterliebe',
      'Café Sonnendeck',
      'Bohne & Blatt',
      'Café Altstadt',
      'Tassenrand',
      'Crema Club',
      'Café Lindenhof',
    ],
  },
  {
    category: 'cafes-bakeries',
    language: 'fr',
    titles: names('Meilleur croissant', 'Best croissant', 'Mejor cruasán', 'Bestes Croissant'),
    descriptions: names(
      'Feuilletage croustillant, cœur fondant, vrai beurre : la boulangerie qui fait le meilleur croissant.',
      'Crisp layers, tender crumb, real butter: the bakery with the best croissant.',
      'Hojaldre crujiente, miga tierna, mantequilla de verdad: la panadería con el mejor cruasán.',
      'Knusprige Schichten, zartes Inneres, echte Butter: die Bäckerei mit dem besten Croissant.',
    ),
    mandatoryTypes: ['LOCATION'],
    combinations: [['paris'], ['lyon'], ['bordeaux'], ['marseille']],
    propositionPool: [
      'Boulangerie Dupont',
      'Maison Lefèvre',
      'Au Pain Doré',
      'La Fournée du Marais',
      'Le Fournil de Léa',
      'Boulangerie des Arts',
      'Aux Délices de Pierre',
      'Maison Beurre & Blé',
      'Le Petit Levain',
      'Pâtisserie Marceau',
      "L'Atelier du Croissant",
      'Boulangerie Saint-Roch',
      'Au Bon Feuilletage',
      'La Boulange de Margaux',
    ],
  },
];

export const DEMO_STANDALONE_TOPICS: DemoStandaloneTopic[] = [
  {
    category: 'desserts',
    language: 'fr',
    titles: names(
      'Meilleure glace artisanale de Paris',
      'Best artisan ice cream in Paris',
      'Mejor helado artesanal de París',
      'Bestes handgemachtes Eis in Paris',
    ),
    descriptions: names(
      'Sorbets de saison, crèmes glacées à l’ancienne : votre glacier parisien préféré.',
      'Seasonal sorbets and old-fashioned ice cream: your favourite Parisian ice cream parlour.',
      'Sorbetes de temporada y helados de toda la vida: tu heladería parisina favorita.',
      'Saisonale Sorbets und Eis nach alter Art: deine Lieblingseisdiele in Paris.',
    ),
    tags: ['paris'],
    propositions: [
      'Glaces Mademoiselle',
      "Le Sorbet d'Or",
      'Gelateria Amalfi',
      'Pôle Nord Glacier',
      'Crème & Cornet',
      'La Boule Gourmande',
      'Givré Paris',
    ],
  },
  {
    category: 'desserts',
    language: 'es',
    titles: names(
      'Meilleur chocolat et churros de Madrid',
      'Best chocolate and churros in Madrid',
      'Mejor chocolate con churros de Madrid',
      'Beste Churros mit Schokolade in Madrid',
    ),
    descriptions: names(
      'Churros croustillants et chocolat épais : l’adresse madrilène incontournable.',
      'Crunchy churros and thick hot chocolate: the Madrid address you cannot miss.',
      'Churros crujientes y chocolate espeso: la dirección madrileña imprescindible.',
      'Knusprige Churros und dicke Schokolade: die Madrider Adresse, die man kennen muss.',
    ),
    tags: ['madrid'],
    propositions: [
      'Chocolatería La Ermita',
      'Churrería El Buen Gusto',
      'Churros Doña Carmen',
      'El Churro Dorado',
      'Chocolates Castizos',
      'Churrería La Verbena',
    ],
  },
  {
    category: 'street-food',
    language: 'de',
    titles: names(
      'Meilleur döner de Berlin',
      'Best döner kebab in Berlin',
      'Mejor döner de Berlín',
      'Bester Döner in Berlin',
    ),
    descriptions: names(
      'Pain croustillant, viande grillée, légumes frais : le döner berlinois qui mérite la file d’attente.',
      'Crispy bread, grilled meat, fresh vegetables: the Berlin döner worth queueing for.',
      'Pan crujiente, carne a la parrilla, verduras frescas: el döner berlinés que merece la cola.',
      'Knuspriges Brot, gegrilltes Fleisch, frisches Gemüse: der Berliner Döner, für den man ansteht.',
    ),
    tags: ['berlin', 'cheap', 'takeaway'],
    propositions: [
      'Kebab Haus Anatolia',
      'Döner Palast',
      'Bosporus Grill',
      'Kreuzberg Kebap',
      'Istanbul Imbiss',
      'Efendi Grill',
      'Goldener Spieß',
      'Ali Baba Döner',
    ],
  },
  {
    category: 'wine-drinks',
    language: 'en',
    titles: names(
      'Meilleur bar à vin nature de Paris',
      'Best natural wine bar in Paris',
      'Mejor bar de vino natural de París',
      'Beste Naturweinbar in Paris',
    ),
    descriptions: names(
      'Vins vivants, petites assiettes et bonnes conversations.',
      'Living wines, small plates and good conversation.',
      'Vinos vivos, platillos y buena conversación.',
      'Lebendige Weine, kleine Teller und gute Gespräche.',
    ),
    tags: ['paris', 'natural-wine'],
    propositions: [
      'La Cave Sauvage',
      'Glou Glou',
      'Le Raisin Nu',
      'Bistrot des Vignes',
      'La Buvette du Canal',
      'Vins Vivants',
      "L'Amphore",
    ],
  },
  {
    category: 'cocktail-bars',
    language: 'fr',
    titles: names(
      'Meilleur bar à cocktails de Lyon',
      'Best cocktail bar in Lyon',
      'Mejor coctelería de Lyon',
      'Beste Cocktailbar in Lyon',
    ),
    descriptions: names(
      'Cocktails signature, bartenders inventifs et lumière tamisée.',
      'Signature cocktails, inventive bartenders and dim lights.',
      'Cócteles de autor, bartenders creativos y luz tenue.',
      'Signature-Cocktails, einfallsreiche Barkeeper und gedämpftes Licht.',
    ),
    tags: ['lyon', 'open-late'],
    propositions: [
      'Le Comptoir Secret',
      "L'Alambic",
      'Shaker & Zeste',
      'Le Speakeasy des Terreaux',
      'La Distillerie',
      'Bar Absinthe',
      'Le Gin Club',
    ],
  },
  {
    category: 'restaurants',
    language: 'es',
    titles: names(
      'Meilleure paella de Valence',
      'Best paella in Valencia',
      'Mejor paella de Valencia',
      'Beste Paella in Valencia',
    ),
    descriptions: names(
      'Riz safrané, socarrat croustillant, cuisson au feu de bois : la vraie paella valencienne.',
      'Saffron rice, crispy socarrat, cooked over a wood fire: the real Valencian paella.',
      'Arroz con azafrán, socarrat crujiente, a la leña: la auténtica paella valenciana.',
      'Safranreis, knuspriger Socarrat, über Holzfeuer gegart: die echte valencianische Paella.',
    ),
    tags: ['valencia', 'spanish'],
    propositions: [
      'Casa Vicente',
      'Arrocería La Albufera',
      'Restaurante El Palmar',
      'La Barraca de Toni',
      'Arroces Malvarrosa',
      'Casa Amparo',
      'El Racó del Arròs',
    ],
  },
  {
    category: 'restaurants',
    language: 'de',
    titles: names(
      'Meilleur schnitzel de Munich',
      'Best schnitzel in Munich',
      'Mejor schnitzel de Múnich',
      'Bestes Schnitzel in München',
    ),
    descriptions: names(
      'Panure dorée, citron et salade de pommes de terre : la brasserie munichoise de référence.',
      'Golden crumb, lemon and potato salad: the Munich tavern everyone recommends.',
      'Empanado dorado, limón y ensalada de patatas: la taberna muniquesa de referencia.',
      'Goldene Panade, Zitrone und Kartoffelsalat: das Münchner Wirtshaus, das alle empfehlen.',
    ),
    tags: ['munich', 'cosy'],
    propositions: [
      'Gasthaus Zum Hirschen',
      'Schnitzelwirt Huber',
      'Bräustüberl am Markt',
      'Gasthof Lindenbaum',
      'Zur Goldenen Gans',
      'Wirtshaus Isartal',
    ],
  },
  {
    category: 'restaurants',
    language: 'en',
    titles: names(
      'Meilleurs ramen de Londres',
      'Best ramen in London',
      'Mejor ramen de Londres',
      'Beste Ramen in London',
    ),
    descriptions: names(
      'Bouillon tonkotsu, shoyu ou miso : le bol de ramen qui réchauffe Londres.',
      'Tonkotsu, shoyu or miso broth: the ramen bowl that warms up London.',
      'Caldo tonkotsu, shoyu o miso: el bol de ramen que calienta Londres.',
      'Tonkotsu-, Shoyu- oder Miso-Brühe: die Ramenschüssel, die London wärmt.',
    ),
    tags: ['london', 'japanese'],
    propositions: [
      'Tonkotsu Lane',
      'Kagura Ramen',
      'Ramen Hayashi',
      'Noodle Dojo',
      'Shoyu House',
      'Mugen Ramen Bar',
      'Miso Hungry',
    ],
  },
  {
    category: 'markets',
    language: 'en',
    titles: names(
      "Meilleur marché gourmand d'Europe",
      'Best food market in Europe',
      'Mejor mercado gastronómico de Europa',
      'Bester Feinschmeckermarkt Europas',
    ),
    descriptions: names(
      'Étals de fromages, fruits de mer, épices et comptoirs où manger sur le pouce.',
      'Cheese stalls, seafood, spices and counters for a quick bite.',
      'Puestos de quesos, marisco, especias y barras para comer algo rápido.',
      'Käsestände, Meeresfrüchte, Gewürze und Theken für einen schnellen Happen.',
    ),
    tags: ['year-2026'],
    propositions: [
      'Mercado Central de Abastos',
      'Marché Couvert Saint-Louis',
      'Markthalle Nord',
      'Borough Lane Market',
      'Mercat del Born Vell',
      'Viktualiengarten',
      'Halles du Port',
      'Mercado de la Ribera',
    ],
  },
  {
    category: 'desserts',
    language: 'fr',
    titles: names(
      'Meilleure pâtisserie de Bordeaux',
      'Best pastry shop in Bordeaux',
      'Mejor pastelería de Burdeos',
      'Beste Konditorei in Bordeaux',
    ),
    descriptions: names(
      'Cannelés, tartes de saison et entremets : la pâtisserie bordelaise à ne pas manquer.',
      'Canelés, seasonal tarts and layered cakes: the Bordeaux pastry shop not to miss.',
      'Canelés, tartas de temporada y postres: la pastelería bordelesa que no hay que perderse.',
      'Canelés, Saisontartes und Törtchen: die Konditorei in Bordeaux, die man nicht verpassen darf.',
    ),
    tags: ['bordeaux', 'year-2025'],
    propositions: [
      "Pâtisserie Cannelé d'Or",
      'Maison Garonne',
      'Les Douceurs de Julie',
      'Atelier Chocolat Chartrons',
      'Pâtisserie Sainte-Croix',
      'Le Comptoir Sucré',
    ],
  },
];

export const DEMO_USERS: DemoUser[] = (
  [
    ['chloe.martin', 'Chloé', 'Martin', 'fr'],
    ['lucas.bernard', 'Lucas', 'Bernard', 'fr'],
    ['emma_dubois', 'Emma', 'Dubois', 'fr'],
    ['hugo.lefebvre', 'Hugo', 'Lefebvre', 'fr'],
    ['manon.moreau', 'Manon', 'Moreau', 'fr'],
    ['theo.laurent', 'Théo', 'Laurent', 'fr'],
    ['camille.roux', 'Camille', 'Roux', 'fr'],
    ['louis_girard', 'Louis', 'Girard', 'fr'],
    ['james.walker', 'James', 'Walker', 'en'],
    ['olivia_smith', 'Olivia', 'Smith', 'en'],
    ['noah.johnson', 'Noah', 'Johnson', 'en'],
    ['amelia.brown', 'Amelia', 'Brown', 'en'],
    ['harry_wilson', 'Harry', 'Wilson', 'en'],
    ['sophie.taylor', 'Sophie', 'Taylor', 'en'],
    ['jack.evans', 'Jack', 'Evans', 'en'],
    ['grace_thomas', 'Grace', 'Thomas', 'en'],
    ['diego_ruiz', 'Diego', 'Ruiz', 'es'],
    ['lucia.garcia', 'Lucía', 'García', 'es'],
    ['pablo.fernandez', 'Pablo', 'Fernández', 'es'],
    ['sofia_lopez', 'Sofía', 'López', 'es'],
    ['mateo.sanchez', 'Mateo', 'Sánchez', 'es'],
    ['valeria.gomez', 'Valeria', 'Gómez', 'es'],
    ['alvaro_diaz', 'Álvaro', 'Díaz', 'es'],
    ['carmen.navarro', 'Carmen', 'Navarro', 'es'],
    ['lena.schmidt', 'Lena', 'Schmidt', 'de'],
    ['jonas.mueller', 'Jonas', 'Müller', 'de'],
    ['mia_schneider', 'Mia', 'Schneider', 'de'],
    ['felix.fischer', 'Felix', 'Fischer', 'de'],
    ['hannah.weber', 'Hannah', 'Weber', 'de'],
    ['leon_wagner', 'Leon', 'Wagner', 'de'],
    ['anna.becker', 'Anna', 'Becker', 'de'],
    ['paul.hoffmann', 'Paul', 'Hoffmann', 'de'],
  ] as const
).map(([username, firstName, lastName, language]) => ({ username, firstName, lastName, language }));

/** Description of a sub-topic, per language; `{title}` is the sub-topic's title in that language. */
export const SUB_TOPIC_DESCRIPTION: Names = names(
  'Classez vos trois adresses préférées : {title}.',
  'Rank your three favourite places: {title}.',
  'Elige tus tres sitios favoritos: {title}.',
  'Wähle deine drei Lieblingsadressen: {title}.',
);
