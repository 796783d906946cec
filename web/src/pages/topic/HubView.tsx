import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TopicDto } from '../../../../common/api/topics.js';
import { HUB_PAGE_SIZE } from '../../../../common/constants.js';
import { FollowButton } from '../../features/follows/index.js';
import { LANGUAGE_PARAM, useLanguage } from '../../features/i18n/index.js';
import { Podium, TagFilter, useHub } from '../../features/topics/index.js';
import { useNumberFormat } from '../../shared/hooks/useNumberFormat.js';
import { Alert } from '../../shared/ui/Alert.js';
import { Pager } from '../../shared/ui/Pager.js';
import { Spinner } from '../../shared/ui/Spinner.js';
import '../../shared/ui/surfaces.css';
import { HUB_TAGS_FIELD, hubSelection, topicPageParams } from './hub-selection.js';

/** Room left between the sticky header and the list's title when the list is scrolled to. */
const LIST_START_MARGIN_PX = 16;

/**
 * A main topic's page: a hub that takes no ballot of its own and shows its sub-topics' podiums side
 * by side, filterable by the tag types of its combinations. The chosen tags and the page live in the
 * address (?tags=a,b&page=2), so a filtered view can be shared.
 */
export function HubView({ topic, head, back }: { topic: TopicDto; head: ReactNode; back: ReactNode }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const format = useNumberFormat();
  const [params, setParams] = useSearchParams();
  const { tags: selected, page, offset } = hubSelection(params);
  const hub = useHub(topic.id, selected, offset, language);

  // Filtering the first page replaces its entry of the history (the same list, filtered); leaving
  // another page for the first is a step, like the pager's links.
  const filter = (tags: string[]) => setParams(topicPageParams(language, { tags }), { replace: page === 1 });
  // A step of the pager loads no document in the app: as a page load would, it shows the list from its
  // start, with the focus there (from the pager at its foot, a person would see the next page's end).
  const subTopicsTitle = useRef<HTMLHeadingElement>(null);
  const showListStart = () => {
    const title = subTopicsTitle.current;
    if (!title) return;
    const headerBottom = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
    const { top } = title.getBoundingClientRect();
    if (top < headerBottom) window.scrollBy({ top: top - headerBottom - LIST_START_MARGIN_PX });
    title.focus({ preventScroll: true });
  };
  const pageAddress = (nextOffset: number) => ({
    search: `?${topicPageParams(language, { tags: selected, page: nextOffset / HUB_PAGE_SIZE + 1 })}`,
  });

  return (
    <article className="page topic topic--hub">
      {back}
      {head}
      <FollowButton topicId={topic.id} />
      <dl className="topic-facts">
        <div className="topic-facts__item">
          <dt>{t('topic.category')}</dt>
          <dd>{topic.categoryName}</dd>
        </div>
        <div className="topic-facts__item">
          <dt>{t('topic.subTopics.title')}</dt>
          <dd>{format.number(topic.subTopicCount)}</dd>
        </div>
        <div className="topic-facts__item">
          <dt>{t('topic.hub.votes')}</dt>
          <dd>{format.number(topic.voteCount)}</dd>
        </div>
      </dl>
      <p className="topic-hub__hint">{t('topic.hub.hint')}</p>
      <section className="topic-section" aria-labelledby="topic-subtopics-title" aria-busy={hub.isFetching}>
        <h2 id="topic-subtopics-title" className="topic-section__title" ref={subTopicsTitle} tabIndex={-1}>
          {t('topic.subTopics.title')}
        </h2>
        {hub.isPending ? (
          <Spinner />
        ) : hub.isError ? (
          <Alert tone="error">{t('topic.filter.errorFetch')}</Alert>
        ) : (
          <>
            {hub.data.availableTags.length > 0 && (
              // A GET form to this address: without JavaScript a chip submits the selection it leads to
              // (in the page's language); with it, the chip's own handler filters and the form submits nothing.
              <form className="card topic-filter" method="get" onSubmit={(event) => event.preventDefault()}>
                <h3 className="visually-hidden">{t('topic.filter.title')}</h3>
                <input type="hidden" name={LANGUAGE_PARAM} value={language} />
                <TagFilter
                  groups={hub.data.availableTags}
                  selected={selected}
                  onChange={filter}
                  field={HUB_TAGS_FIELD}
                />
              </form>
            )}
            {hub.data.subTopics.length === 0 ? (
              <p className="topic-section__empty">
                {t(selected.length > 0 ? 'topic.subTopics.empty' : 'topic.hub.noSubTopics')}
              </p>
            ) : (
              <ul className="topic-grid topic-hub__grid">
                {hub.data.subTopics.map((sub) => (
                  <li key={sub.id}>
                    <Podium topic={sub} />
                  </li>
                ))}
              </ul>
            )}
            <Pager
              offset={hub.data.offset}
              pageSize={HUB_PAGE_SIZE}
              total={hub.data.total}
              addressOf={pageAddress}
              onStep={showListStart}
            />
          </>
        )}
      </section>
    </article>
  );
}
