import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MiniSearch from 'minisearch';
import { LANGUAGES } from '../../common/constants.js';
import {
  type CatalogueTopic,
  describeMisses,
  type HitRate,
  loadCatalogue,
  percent,
  podiumSearch,
  type RelevanceReport,
  runRelevanceSet,
  type TopicSearch,
} from '../../server/modules/search/relevance.js';
import { RELEVANCE_KINDS, RELEVANCE_SET } from '../../server/modules/search/relevance-set.js';
import { startServerProcess } from '../../server/test/process.js';

/**
 * `npm run bench -- --only relevance`: the relevance set's hit@3 for Podium's full search on a fresh
 * demo catalogue, beside MiniSearch's (a stock client-side engine, as issue 22 compared) indexing the
 * same topics in their four languages.
 */

/**
 * MiniSearch as the issue tried it: stock tokenizer and term processing, `fuzzy: 0.2, prefix: true`,
 * the title boosted; one document per topic holding its texts in all four languages.
 */
export function miniSearchOf(catalogue: readonly CatalogueTopic[]): TopicSearch {
  const index = new MiniSearch({ fields: ['title', 'description', 'tags', 'category'] });
  index.addAll(
    catalogue.map((topic) => {
      const all = LANGUAGES.map((language) => topic.texts[language]);
      return {
        id: topic.id,
        title: all.map((texts) => texts.title).join('\n'),
        description: all.map((texts) => texts.description).join('\n'),
        tags: all.flatMap((texts) => texts.tags).join('\n'),
        category: all.map((texts) => texts.category).join('\n'),
      };
    }),
  );
  return async (query) =>
    index
      .search(query, { fuzzy: 0.2, prefix: true, boost: { title: 2 } })
      .map((result) => ({ id: Number(result.id), score: result.score }));
}

const cell = (rate: HitRate) => `${percent(rate)} (${rate.hits}/${rate.total})`;

function printSideBySide(podium: RelevanceReport, mini: RelevanceReport): void {
  console.log('| cases | n | Podium hit@3 | MiniSearch hit@3 |');
  console.log('|---|---|---|---|');
  console.log(`| all | ${podium.overall.total} | ${cell(podium.overall)} | ${cell(mini.overall)} |`);
  for (const kind of RELEVANCE_KINDS)
    console.log(
      `| ${kind} | ${podium.byKind[kind].total} | ${cell(podium.byKind[kind])} | ${cell(mini.byKind[kind])} |`,
    );
  for (const language of LANGUAGES)
    console.log(
      `| interface ${language} | ${podium.byLanguage[language].total} | ${cell(podium.byLanguage[language])} | ${cell(mini.byLanguage[language])} |`,
    );
}

/** Seeds the demo catalogue on a scratch SQLite server, runs the set on both engines and prints them. */
export async function benchRelevance(): Promise<{ podium: RelevanceReport; mini: RelevanceReport }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'podium-relevance-'));
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${join(dataDir, 'podium.sqlite')}`,
    SEED: 'demo',
  });
  try {
    const catalogue = await loadCatalogue(server.url);
    const podium = await runRelevanceSet(podiumSearch(server.url), catalogue);
    const mini = await runRelevanceSet(miniSearchOf(catalogue), catalogue);
    console.log(
      `\nrelevance: ${RELEVANCE_SET.length} queries on the demo catalogue (${catalogue.length} topics, SQLite), a hit when an expected topic is in the top 3 topics with ties counted against it`,
    );
    printSideBySide(podium, mini);
    console.log(`\nPodium's misses:\n${describeMisses(podium)}`);
    console.log(`\nMiniSearch's misses:\n${describeMisses(mini)}`);
    return { podium, mini };
  } finally {
    await server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
