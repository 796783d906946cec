/**
 * Smart-search scoring throughput: npx tsx bench/scoring.bench.ts
 * Prepares synthetic multilingual candidates once, then scores a few queries against all of them.
 */
import { prepareCandidate, type SearchCandidate } from '../common/search/candidate.js';
import { parseQuery } from '../common/search/parse-query.js';
import { scoreCandidate } from '../common/search/score-candidate.js';

const CANDIDATE_COUNT = 100_000;
const ROUNDS = 5;
const words = [
  'pizza',
  'Paris',
  'crêpes',
  'Montréal',
  'Straße',
  'Biergärten',
  'München',
  'restaurants',
  'cafés',
  'playas',
  'España',
  'films',
  'séries',
  'concerts',
  'jazz',
  'sushi',
  'burgers',
  'musées',
  'randonnées',
  'livres',
];
const qualifiers = ['Best', 'Meilleurs', 'Mejores', 'Beste', 'Top'];
const categories = ['Food', 'Entertainment', 'Travel', 'Culture', 'Sport'];

let seed = 42;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
}
function pick<T>(items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

const candidates: SearchCandidate[] = Array.from({ length: CANDIDATE_COUNT }, () => ({
  type: 'topic',
  title: `${pick(qualifiers)} ${pick(words)} in ${pick(words)}`,
  description: `${pick(words)} ${pick(words)} ${pick(words)} ${pick(words)}`,
  tagNames: [pick(words), pick(words)],
  categoryName: pick(categories),
}));

const prepareStart = performance.now();
const prepared = candidates.map(prepareCandidate);
const prepareMs = performance.now() - prepareStart;

const queries = ['best pizza paris', 'meilleures crêpes montréal', 'biergärten münchen', 'food', 'jaz'].map(
  (query) => parseQuery(query),
);

let checksum = 0;
const scoreStart = performance.now();
for (let round = 0; round < ROUNDS; round++) {
  for (const query of queries) {
    for (const candidate of prepared)
      checksum += scoreCandidate(query, candidate, { prefixLastWord: true }).score;
  }
}
const scoreMs = performance.now() - scoreStart;
const scored = ROUNDS * queries.length * prepared.length;

const format = (value: number): string => Math.round(value).toLocaleString('en-US');
console.log(`prepareCandidate: ${format((prepared.length / prepareMs) * 1000)} candidates/s`);
console.log(
  `scoreCandidate:   ${format((scored / scoreMs) * 1000)} candidates scored/s (checksum ${checksum})`,
);
console.log(
  `one query over ${format(prepared.length)} prepared candidates: ${(scoreMs / (ROUNDS * queries.length)).toFixed(2)} ms`,
);
