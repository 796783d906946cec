import type { Language } from '../../../common/constants.js';
import { DEMO_MAIN_TOPICS, DEMO_TAGS } from '../../db/seed/demo-content.js';

/**
 * The relevance set of the full search (issue 22): what a visitor types on the search page, in the
 * language of their interface, and the demo topics any of which must be among the first three topic
 * results. Topics are named by their English title as the demo catalogue seeds it
 * (server/db/seed/demo-content.ts; a sub-topic's is its main topic's title and its tags' English
 * names: "Best pizza Paris Cheap"). Run by relevance.test.ts and by `npm run bench -- --only relevance`.
 */

export type RelevanceKind =
  | 'exact'
  | 'typo1'
  | 'typo2'
  | 'transposition'
  | 'cross-language'
  | 'accent'
  | 'prefix'
  | 'several-words'
  | 'qualifier';

export const RELEVANCE_KINDS: readonly RelevanceKind[] = [
  'exact',
  'typo1',
  'typo2',
  'transposition',
  'cross-language',
  'accent',
  'prefix',
  'several-words',
  'qualifier',
];

export interface RelevanceCase {
  query: string;
  /** The visitor's interface language, sent as `lang`. */
  language: Language;
  /** English titles of demo topics: the case is a hit when any of them is in the top 3 topics. */
  expected: readonly string[];
  kind: RelevanceKind;
  /** Quoted in issue 22. */
  fromIssue?: true;
}

const tagEnglish = new Map(DEMO_TAGS.map((tag) => [tag.slug, tag.names.en]));

/** A main topic's English title and its sub-topics', optionally only those carrying every tag given. */
function family(mainEnglishTitle: string, ...tagSlugs: string[]): string[] {
  const main = DEMO_MAIN_TOPICS.find((topic) => topic.titles.en === mainEnglishTitle);
  if (!main) throw new Error(`Relevance set: no demo main topic "${mainEnglishTitle}"`);
  const subs = main.combinations
    .filter((combination) => tagSlugs.every((slug) => combination.includes(slug)))
    .map((combination) => [main.titles.en, ...combination.map((slug) => tagEnglish.get(slug))].join(' '));
  return tagSlugs.length === 0 ? [main.titles.en, ...subs] : subs;
}

const PIZZA = family('Best pizza');
const BURGER = family('Best burger');
const TAPAS = family('Best tapas');
const COFFEE = family('Best coffee');
const CROISSANT = family('Best croissant');
const ICE_CREAM = ['Best artisan ice cream in Paris'];
const CHURROS = ['Best chocolate and churros in Madrid'];
const DONER = ['Best döner kebab in Berlin'];
const NATURAL_WINE = ['Best natural wine bar in Paris'];
const COCKTAILS = ['Best cocktail bar in Lyon'];
const PAELLA = ['Best paella in Valencia'];
const SCHNITZEL = ['Best schnitzel in Munich'];
const RAMEN = ['Best ramen in London'];
const MARKET = ['Best food market in Europe'];
const PASTRY = ['Best pastry shop in Bordeaux'];

const c = (
  language: Language,
  query: string,
  kind: RelevanceKind,
  expected: readonly string[],
  fromIssue?: 'issue',
): RelevanceCase => ({ query, language, expected, kind, ...(fromIssue && { fromIssue: true }) });

export const RELEVANCE_SET: readonly RelevanceCase[] = [
  // Quoted in issue 22.
  c('fr', 'piza', 'typo1', PIZZA, 'issue'),
  c('en', 'croisant', 'typo1', CROISSANT, 'issue'),
  c('en', 'hamburgr', 'typo1', BURGER, 'issue'),
  c('en', 'shnitzel', 'typo1', SCHNITZEL, 'issue'),
  c('es', 'paela', 'typo1', PAELLA, 'issue'),
  c('es', 'churos', 'typo1', CHURROS, 'issue'),
  c('fr', 'tappas', 'typo1', TAPAS, 'issue'),
  c('fr', 'piza paris', 'typo1', family('Best pizza', 'paris'), 'issue'),
  c('de', 'coffee berlin', 'cross-language', ['Best coffee Berlin'], 'issue'),
  c('fr', 'kaffee hamburg', 'cross-language', ['Best coffee Hamburg'], 'issue'),
  c('fr', 'tapas barcelona', 'cross-language', family('Best tapas', 'barcelona'), 'issue'),
  c('de', 'schnitz', 'prefix', SCHNITZEL, 'issue'),

  // French interface.
  c('fr', 'pizza', 'exact', PIZZA),
  c('fr', 'meilleure pizza paris', 'exact', family('Best pizza', 'paris')),
  c('fr', 'croissant lyon', 'exact', ['Best croissant Lyon']),
  c('fr', 'glace', 'exact', ICE_CREAM),
  c('fr', 'pizzza', 'typo1', PIZZA),
  c('fr', 'croisan', 'typo2', CROISSANT),
  c('fr', 'cocktel lyon', 'typo2', COCKTAILS),
  c('fr', 'burgre', 'transposition', BURGER),
  c('fr', 'cocktial', 'transposition', COCKTAILS),
  c('fr', 'patisserie bordeaux', 'accent', PASTRY),
  c('fr', 'cafe berlin', 'accent', ['Best coffee Berlin']),
  c('fr', 'marche gourmand', 'accent', MARKET),
  c('fr', 'croiss', 'prefix', CROISSANT),
  c('fr', 'pâtiss', 'prefix', PASTRY),
  c('fr', 'cockt', 'prefix', COCKTAILS),
  c('fr', 'ice cream paris', 'cross-language', ICE_CREAM),
  c('fr', 'best burger london', 'cross-language', ['Best burger London']),
  c('fr', 'meilleur burger lyon', 'qualifier', ['Best burger Lyon']),
  c('fr', 'pizza pas cher lyon', 'qualifier', ['Best pizza Lyon Cheap']),
  c('fr', 'pizza pas cher', 'qualifier', family('Best pizza', 'cheap')),
  c('fr', 'pizza haut de gamme', 'qualifier', family('Best pizza', 'upscale')),
  c('fr', 'meilleure pizza paris pas cher', 'several-words', ['Best pizza Paris Cheap']),
  c('fr', 'bar à vin nature paris', 'several-words', NATURAL_WINE),
  c('fr', 'tapas séville terrasse', 'several-words', ['Best tapas Seville Terrace']),
  c('fr', 'burger hambourg', 'several-words', ['Best burger Hamburg']),

  // English interface.
  c('en', 'ramen', 'exact', RAMEN),
  c('en', 'best croissant paris', 'exact', ['Best croissant Paris']),
  c('en', 'food market', 'exact', MARKET),
  c('en', 'coffe', 'typo1', COFFEE),
  c('en', 'pastery', 'typo1', PASTRY),
  c('en', 'crosant', 'typo2', CROISSANT),
  c('en', 'shnitzl', 'typo2', SCHNITZEL),
  c('en', 'ramne', 'transposition', RAMEN),
  c('en', 'croissnat', 'transposition', CROISSANT),
  c('en', 'doner kebab', 'accent', DONER),
  c('en', 'cafe paris', 'accent', ['Best coffee Paris']),
  c('en', 'pastr', 'prefix', PASTRY),
  c('en', 'choco', 'prefix', CHURROS),
  c('en', 'natural wi', 'prefix', NATURAL_WINE),
  c('en', 'meilleure pizza', 'cross-language', PIZZA),
  c('en', 'kaffee', 'cross-language', COFFEE),
  c('en', 'helado', 'cross-language', ICE_CREAM),
  c('en', 'hamburguesa madrid', 'cross-language', ['Best burger Madrid']),
  c('en', 'best pizza', 'qualifier', PIZZA),
  c('en', 'cheap pizza berlin', 'qualifier', ['Best pizza Berlin Cheap']),
  c('en', 'upscale pizza munich', 'qualifier', ['Best pizza Munich Upscale']),
  c('en', 'cheap pizza', 'qualifier', family('Best pizza', 'cheap')),
  c('en', 'best tapas seville', 'qualifier', ['Best tapas Seville Terrace']),
  c('en', 'tapas madrid terrace', 'several-words', ['Best tapas Madrid Terrace']),
  c('en', 'romantic tapas barcelona', 'several-words', ['Best tapas Barcelona Romantic']),
  c('en', 'pizza london', 'several-words', ['Best pizza London Mid-range']),
  c('en', 'cocktail bar lyon', 'several-words', COCKTAILS),

  // Spanish interface.
  c('es', 'churros', 'exact', CHURROS),
  c('es', 'hamburguesa', 'exact', BURGER),
  c('es', 'cruasán', 'exact', CROISSANT),
  c('es', 'mejor paella valencia', 'exact', PAELLA),
  c('es', 'hamburgesa', 'typo1', BURGER),
  c('es', 'tapaz', 'typo1', TAPAS),
  c('es', 'paeya', 'typo2', PAELLA),
  c('es', 'amburgesa', 'typo2', BURGER),
  c('es', 'chruros', 'transposition', CHURROS),
  c('es', 'tpaas madrid', 'transposition', family('Best tapas', 'madrid')),
  c('es', 'cruasan', 'accent', CROISSANT),
  c('es', 'pasteleria burdeos', 'accent', PASTRY),
  c('es', 'cafe berlin', 'accent', ['Best coffee Berlin']),
  c('es', 'hambur', 'prefix', BURGER),
  c('es', 'pastel', 'prefix', PASTRY),
  c('es', 'coctel', 'prefix', COCKTAILS),
  c('es', 'best coffee barcelona', 'cross-language', ['Best coffee Barcelona']),
  c('es', 'croissant', 'cross-language', CROISSANT),
  c('es', 'burger madrid', 'cross-language', ['Best burger Madrid']),
  c('es', 'mejor pizza', 'qualifier', PIZZA),
  c('es', 'pizza barata madrid', 'qualifier', ['Best pizza Madrid Cheap']),
  c('es', 'pizza paris barato', 'qualifier', ['Best pizza Paris Cheap']),
  c('es', 'mejores tapas sevilla', 'qualifier', ['Best tapas Seville Terrace']),
  c('es', 'pizza de alta gama', 'qualifier', family('Best pizza', 'upscale')),
  c('es', 'tapas madrid terraza', 'several-words', ['Best tapas Madrid Terrace']),
  c('es', 'tapas valencia familiar', 'several-words', ['Best tapas Valencia Family-friendly']),
  c('es', 'bar de vino natural', 'several-words', NATURAL_WINE),
  c('es', 'chocolate con churros madrid', 'several-words', CHURROS),

  // German interface.
  c('de', 'Döner', 'exact', DONER),
  c('de', 'Schnitzel', 'exact', SCHNITZEL),
  c('de', 'Bester Kaffee Berlin', 'exact', ['Best coffee Berlin']),
  c('de', 'Eis Paris', 'exact', ICE_CREAM),
  c('de', 'Konditorei', 'exact', PASTRY),
  c('de', 'Schnitzl', 'typo1', SCHNITZEL),
  c('de', 'Kafee', 'typo1', COFFEE),
  c('de', 'Konditori', 'typo1', PASTRY),
  c('de', 'Schnitsl', 'typo2', SCHNITZEL),
  c('de', 'Kafe Hamburg', 'typo2', ['Best coffee Hamburg']),
  c('de', 'Schnitezl', 'transposition', SCHNITZEL),
  c('de', 'Döenr', 'transposition', DONER),
  c('de', 'Doner Berlin', 'accent', DONER),
  c('de', 'Kaffee Munchen', 'accent', ['Best coffee Munich']),
  c('de', 'Kaffee Muenchen', 'accent', ['Best coffee Munich']),
  c('de', 'Feinschm', 'prefix', MARKET),
  c('de', 'Kondit', 'prefix', PASTRY),
  c('de', 'Cocktail Lyon', 'prefix', COCKTAILS),
  c('de', 'ice cream', 'cross-language', ICE_CREAM),
  c('de', 'meilleur croissant', 'cross-language', CROISSANT),
  c('de', 'burger hambourg', 'cross-language', ['Best burger Hamburg']),
  c('de', 'beste Pizza', 'qualifier', PIZZA),
  c('de', 'Pizza günstig Berlin', 'qualifier', ['Best pizza Berlin Cheap']),
  c('de', 'günstige Pizza', 'qualifier', family('Best pizza', 'cheap')),
  c('de', 'Pizza gehoben München', 'qualifier', ['Best pizza Munich Upscale']),
  c('de', 'bester Burger Hamburg', 'qualifier', ['Best burger Hamburg']),
  c('de', 'Tapas Barcelona lebhaft', 'several-words', ['Best tapas Barcelona Lively']),
  c('de', 'Burger London', 'several-words', ['Best burger London']),
  c('de', 'Pizza Lyon Mittlere Preisklasse', 'several-words', ['Best pizza Lyon Mid-range']),
  c('de', 'Churros mit Schokolade', 'several-words', CHURROS),
];
