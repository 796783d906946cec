import { mainTopicQueryKey, topicKeys } from '../../features/topics/index.js';
import type { PageLoader } from '../../shared/ssr/page-loader.js';
import { HOME_FEATURED_MAIN, HOME_FEATURED_SUBS, HOME_POPULAR } from './home-queries.js';

/** The home page's data for a server render: the queries HomePage's hooks ask for, under their keys. */
export const loadHomePage: PageLoader = async ({ queryClient, language, source }) => {
  const [popular, mains, rising] = await Promise.all([
    source.popularTopics(language, HOME_POPULAR),
    source.popularTopics(language, HOME_FEATURED_MAIN),
    source.rising(language),
  ]);
  queryClient.setQueryData(topicKeys.popular(language, HOME_POPULAR), popular);
  queryClient.setQueryData(topicKeys.rising(language), rising);
  queryClient.setQueryData(topicKeys.popular(language, HOME_FEATURED_MAIN), mains);
  const featuredId = mains.topics[0]?.id;
  if (featuredId !== undefined) {
    const main = await source.mainTopic(featuredId, language, HOME_FEATURED_SUBS);
    queryClient.setQueryData(mainTopicQueryKey(featuredId, language, HOME_FEATURED_SUBS), main);
  }
  return 200;
};
