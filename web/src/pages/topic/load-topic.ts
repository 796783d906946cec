import { topicKeys } from '../../features/topics/index.js';
import type { PageLoader } from '../../shared/ssr/page-loader.js';
import { hubSelection } from './hub-selection.js';
import { rankingViewOf, showsRankHistory } from './ranking-view.js';

/**
 * A topic page's data for a server render, under the keys of the hooks that read it: the topic
 * (`useTopic`); for a sub-topic its ranking in the order and window its address asks for (`useTopicRanking`), its
 * rank history under the all-time ranking by points (`useRankHistory`) and its hub's first page, whose
 * sub-topics TopicAside lists as siblings (`useHub`); for a main topic the hub page its address selects.
 * A missing topic is seeded as `null`, which the page shows as not found, and answers 404.
 */
export const loadTopicPage: PageLoader = async ({ queryClient, language, source, url }) => {
  const slug = slugOf(url.pathname);
  const topic = await source.topic(slug, language);
  queryClient.setQueryData(topicKeys.topic(slug, language), topic);
  if (!topic) return 404;

  if (topic.isMainTopic) {
    const { tags, offset } = hubSelection(url.searchParams);
    const hub = await source.hub(topic.id, language, { tags, offset });
    queryClient.setQueryData(topicKeys.hub(topic.id, tags, offset, language), hub);
    return 200;
  }
  const view = rankingViewOf(url.searchParams);
  const [ranking, siblings, history] = await Promise.all([
    source.ranking(topic.id, view.order, view.window),
    // The siblings are a side list: without them the page still renders (the browser asks again).
    topic.mainTopicId === null
      ? undefined
      : source.hub(topic.mainTopicId, language, { tags: [], offset: 0 }).catch(() => undefined),
    // The rank history is the rows' extra: without it the page renders its ranking (the browser asks again).
    showsRankHistory(view) ? source.rankHistory(topic.id).catch(() => undefined) : undefined,
  ]);
  queryClient.setQueryData(topicKeys.ranking(topic.id, view.order, view.window), ranking);
  if (history) queryClient.setQueryData(topicKeys.rankHistory(topic.id), history);
  if (siblings && topic.mainTopicId !== null)
    queryClient.setQueryData(topicKeys.hub(topic.mainTopicId, [], 0, language), siblings);
  return 200;
};

/** The `:slug` of `/topic/:slug`, decoded as the router's `useParams` gives it. */
function slugOf(pathname: string): string {
  const segment = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
