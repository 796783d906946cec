/**
 * Search speed: npx tsx bench/search.ts [--rounds 10] [--duration 10]
 *
 * Builds the real app on a seed:bench database (100,000 topics) plus one constant-JSON route that
 * exists only in this process, then measures:
 * - single-client latency of GET /api/search/smart over a fixed mix of 50 queries (1 to 4 words,
 *   some misspelled, all four languages), `rounds` passes, p50/p95/p99; the target is p95 < 10 ms;
 * - requests per second at 10 connections (autocannon) for that mix and for the constant route,
 *   and their ratio, in the same run.
 *
 *   DATA_DIR=/tmp/podium-bench-search (made with `npm run seed:bench -- --topics 100000 --users 20000
 *   --votes 1000000`), or DATABASE_URL for PostgreSQL.
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { migrateToLatest, openDatabase } from '../server/db/database.js';
import { isSearchIndexMissing, rebuildSearchIndex } from '../server/modules/search/indexer.js';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '10' }, duration: { type: 'string', default: '10' } },
});

interface CannonResult {
  requests: { average: number };
  '2xx': number;
  non2xx: number;
  latency: { p50: number; p99: number };
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  requests?: { method: string; path: string }[];
}) => Promise<CannonResult>;

/** [language, query]: one to four words, everyday and misspelled, in the four languages. */
export const QUERY_MIX: readonly (readonly [string, string])[] = [
  ['fr', 'pizza'],
  ['fr', 'meilleure pizza'],
  ['fr', 'meilleure pizza paris'],
  ['fr', 'burger lyon'],
  ['fr', 'café'],
  ['fr', 'croissant bordeaux pas cher'],
  ['fr', 'sushi'],
  ['fr', 'tapas marseille'],
  ['fr', 'piza'],
  ['fr', 'resturant'],
  ['fr', 'crêpe brunch'],
  ['fr', 'kebab berlin'],
  ['fr', 'ramen haut de gamme'],
  ['en', 'best pizza in Paris'],
  ['en', 'burger'],
  ['en', 'coffee london'],
  ['en', 'best sushi'],
  ['en', 'falafel madrid cheap'],
  ['en', 'restaurant'],
  ['en', 'resturant'],
  ['en', 'croisant'],
  ['en', 'top ramen'],
  ['en', 'couscous'],
  ['en', 'tapas barcelona'],
  ['en', 'cocktail bars'],
  ['es', 'mejor pizza'],
  ['es', 'hamburguesa'],
  ['es', 'tapas sevilla'],
  ['es', 'café barato'],
  ['es', 'mejores tapas de madrid'],
  ['es', 'cruasán'],
  ['es', 'sushi valencia'],
  ['es', 'pizzza'],
  ['es', 'ramen'],
  ['es', 'hamburgesa'],
  ['es', 'kebab londres'],
  ['es', 'crep'],
  ['de', 'beste Pizza'],
  ['de', 'Burger München'],
  ['de', 'Kaffee'],
  ['de', 'Sushi Hamburg'],
  ['de', 'beste Tapas'],
  ['de', 'Döner Berlin günstig'],
  ['de', 'Croissant'],
  ['de', 'Pizzza'],
  ['de', 'Ramen gehoben'],
  ['de', 'Falafel'],
  ['de', 'Couscous Paris'],
  ['de', 'Restaurnt'],
  ['de', 'Crêpe'],
];

const path = ([lang, q]: readonly [string, string]) =>
  `/api/search/smart?q=${encodeURIComponent(q)}&lang=${lang}`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const config = { ...loadConfig(), seed: 'none' as const, logLevel: 'silent', webDistDir: undefined };
  const database = openDatabase({ url: config.databaseUrl, schema: config.databaseSchema });
  await migrateToLatest(database);
  const topics = Number(
    (
      await database.db
        .selectFrom('topics')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const terms = Number(
    (
      await database.db
        .selectFrom('search_terms')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (await isSearchIndexMissing(database.db)) await rebuildSearchIndex(database.db);
  const { app } = await buildApp({ config, database });
  // Exists only here: the yardstick of what this app's stack costs for a request doing nothing.
  app.get('/api/bench/constant', async () => ({ success: true, data: { ok: true } }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  // Warm-up: statement caches, the per-language catalogue and the spelling vocabulary.
  const found = new Map<string, number>();
  for (const entry of QUERY_MIX) {
    const response = await fetch(base + path(entry));
    const body = (await response.json()) as { data: { suggestions: unknown[]; didYouMean: string[] } };
    found.set(entry.join(':'), body.data.suggestions.length);
  }

  const samples: number[] = [];
  const rounds = Number(values.rounds);
  for (let round = 0; round < rounds; round++) {
    for (const entry of QUERY_MIX) {
      const started = performance.now();
      const response = await fetch(base + path(entry));
      await response.arrayBuffer();
      samples.push(performance.now() - started);
    }
  }
  samples.sort((a, b) => a - b);

  const duration = Number(values.duration);
  const searchLoad = await autocannon({
    url: base,
    connections: 10,
    duration,
    requests: QUERY_MIX.map((entry) => ({ method: 'GET', path: path(entry) })),
  });
  const constantLoad = await autocannon({
    url: base,
    connections: 10,
    duration,
    requests: [{ method: 'GET', path: '/api/bench/constant' }],
  });
  await app.close();

  const empty = [...found.values()].filter((count) => count === 0).length;
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const rows: [string, string][] = [
    [
      'database',
      `${database.kind}: ${topics.toLocaleString('en')} topics, ${terms.toLocaleString('en')} index terms`,
    ],
    ['query mix', `${QUERY_MIX.length} queries (${empty} with no result, answered with "did you mean")`],
    ['single client', `${samples.length} requests`],
    ['  p50', ms(percentile(samples, 50))],
    ['  p95 (target < 10 ms)', ms(percentile(samples, 95))],
    ['  p99', ms(percentile(samples, 99))],
    ['  max', ms(samples[samples.length - 1] ?? Number.NaN)],
    [
      '10 connections, smart search',
      `${Math.round(searchLoad.requests.average)} req/s (p99 ${searchLoad.latency.p99} ms, non-2xx ${searchLoad.non2xx})`,
    ],
    [
      '10 connections, constant JSON',
      `${Math.round(constantLoad.requests.average)} req/s (p99 ${constantLoad.latency.p99} ms)`,
    ],
    [
      'ratio search / constant',
      `${((searchLoad.requests.average / constantLoad.requests.average) * 100).toFixed(1)} %`,
    ],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
  const p95 = percentile(samples, 95);
  if (p95 >= 10) process.exitCode = 1;
}

await main();
