import { type CatalogueNames, weighTopicTerms } from '../../modules/search/indexer.js';
import type { BenchContext, BenchPlan } from './bench-plan.js';
import type { BenchTable } from './bench-writers.js';

/**
 * The search index rows of the bench topics, computed in memory with the indexer's own weighting
 * (so search reads exactly what production writes would have stored) and handed to the bulk
 * writers like any other table. Rows come out in primary-key order (term, then topic id): the
 * index b-tree is then filled by appends instead of millions of random inserts.
 */
export function benchSearchTermsTable(
  plan: BenchPlan,
  context: BenchContext,
  names: CatalogueNames,
): BenchTable {
  const { topics, topicTags } = plan;
  const tagNamesOfTopic = new Map<number, string[]>();
  for (let i = 0; i < topicTags.count; i++) {
    const topicId = topicTags.topicId[i] as number;
    const tagNames = names.tagNames.get(topicTags.tagId[i] as number) ?? [];
    const list = tagNamesOfTopic.get(topicId);
    if (list) list.push(...tagNames);
    else tagNamesOfTopic.set(topicId, [...tagNames]);
  }

  // Per term, its topics in ascending id order (topics are visited in id order) and their weights.
  const postings = new Map<string, { topicIds: number[]; weights: number[] }>();
  for (let t = 0; t < topics.count; t++) {
    const topicId = context.firstId.topic + t;
    const weights = weighTopicTerms({
      titles: [topics.title[t] as string, ...topics.titles.map((titles) => titles[t] as string)],
      tagNames: tagNamesOfTopic.get(topicId) ?? [],
      categoryNames: names.categoryNames.get(topics.categoryId[t] as number) ?? [],
      descriptions: [topics.description[t] as string],
    });
    for (const [term, weight] of weights) {
      const posting = postings.get(term);
      if (posting) {
        posting.topicIds.push(topicId);
        posting.weights.push(weight);
      } else postings.set(term, { topicIds: [topicId], weights: [weight] });
    }
  }

  const terms = [...postings.keys()].sort();
  let rows = 0;
  for (const term of terms) rows += postings.get(term)?.topicIds.length ?? 0;
  const rowTerm: string[] = new Array(rows);
  const rowTopic = new Int32Array(rows);
  const rowWeight = new Uint8Array(rows);
  let r = 0;
  for (const term of terms) {
    const posting = postings.get(term) as { topicIds: number[]; weights: number[] };
    for (let k = 0; k < posting.topicIds.length; k++, r++) {
      rowTerm[r] = term;
      rowTopic[r] = posting.topicIds[k] as number;
      rowWeight[r] = posting.weights[k] as number;
    }
  }

  return {
    name: 'search_terms',
    rows,
    columns: [
      { name: 'term', pgType: 'text', get: (i) => rowTerm[i] as string },
      { name: 'topic_id', pgType: 'int4', get: (i) => rowTopic[i] as number },
      { name: 'weight', pgType: 'int4', get: (i) => rowWeight[i] as number },
    ],
  };
}
