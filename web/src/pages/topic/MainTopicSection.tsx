import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TopicDto } from '../../../../common/api/topics.js';
import { useLanguage } from '../../features/i18n/index.js';
import { TagFilter, TopicGrid, useMainTopicFilter } from '../../features/topics/index.js';
import { Alert } from '../../shared/ui/Alert.js';
import { Spinner } from '../../shared/ui/Spinner.js';

/** A main topic's sub-topics with tag chips by type; the chosen tags live in the address (?tags=a,b). */
export function MainTopicSection({ topic }: { topic: TopicDto }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [params, setParams] = useSearchParams();
  const selected = (params.get('tags') ?? '').split(',').filter(Boolean);
  const filter = useMainTopicFilter(topic.id, selected, language);

  const setSelected = (tags: string[]) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (tags.length > 0) next.set('tags', tags.join(','));
        else next.delete('tags');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const toggle = (slug: string) =>
    setSelected(selected.includes(slug) ? selected.filter((s) => s !== slug) : [...selected, slug]);

  return (
    <section className="topic-section" aria-labelledby="topic-subtopics-title" aria-busy={filter.isFetching}>
      <h2 id="topic-subtopics-title" className="topic-section__title">
        {t('topic.subTopics.title')}
      </h2>
      {filter.isPending ? (
        <Spinner />
      ) : filter.isError ? (
        <Alert tone="error">{t('topic.filter.errorFetch')}</Alert>
      ) : (
        <>
          {filter.data.availableTags.length > 0 && (
            <div className="topic-filter">
              <h3 className="visually-hidden">{t('topic.filter.title')}</h3>
              <TagFilter
                groups={filter.data.availableTags}
                selected={selected}
                onToggle={toggle}
                onClear={() => setSelected([])}
              />
            </div>
          )}
          {filter.data.subTopics.length === 0 ? (
            <p className="topic-section__empty">{t('topic.subTopics.empty')}</p>
          ) : (
            <TopicGrid topics={filter.data.subTopics} />
          )}
        </>
      )}
    </section>
  );
}
