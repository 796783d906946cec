import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  AddPropositionForm,
  PropositionActions,
  TopicEditor,
  useAdminTopic,
} from '../../../features/admin-catalogue/index.js';
import { AuditLog } from '../../../features/admin-people/index.js';
import { useAuth } from '../../../features/auth/index.js';
import { useLanguage } from '../../../features/i18n/index.js';
import { RankingList, useTopicRanking } from '../../../features/topics/index.js';
import { VotingPanel } from '../../../features/voting/index.js';
import { errorMessage } from '../../../shared/api/index.js';
import { AdminPage } from '../../../shared/ui/AdminPage.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { PageSpinner } from '../../../shared/ui/Spinner.js';

/**
 * SPEC "Admin topic page": the topic's texts, status and tags, its ranking with rename, merge and delete,
 * voting, and the topic's history (its audit entries).
 */
export default function AdminTopicEditPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const { language } = useLanguage();
  const session = useAuth();
  const topic = useAdminTopic(slug, language);
  const ranking = useTopicRanking(topic.data?.topic.id, language);
  return (
    <AdminPage
      title={
        topic.data ? `${t('admin.topicEdit.title')}: ${topic.data.topic.title}` : t('admin.topicEdit.title')
      }
      heading={topic.data?.topic.title ?? t('admin.topicEdit.title')}
      back={{ to: '/admin/topics', label: t('adminCatalogue.topicEdit.back') }}
    >
      {topic.isPending && <PageSpinner />}
      {topic.isError && (
        <Alert tone="error">{errorMessage(t, topic.error, 'adminCatalogue.topicEdit.loadFailed')}</Alert>
      )}
      {topic.data && (
        <>
          <TopicEditor
            key={`${topic.data.topic.id}-${topic.data.topic.title}`}
            topic={topic.data.topic}
            proposalPolicy={topic.data.proposalPolicy}
          />
          <section className="catalogue-card" aria-labelledby="admin-ranking-title">
            <h2 id="admin-ranking-title" className="catalogue-card__title">
              {t('adminCatalogue.topicEdit.ranking')}
            </h2>
            <AddPropositionForm topicId={topic.data.topic.id} />
            {ranking.data && ranking.data.rankings.length === 0 && (
              <p className="catalogue-muted">{t('adminCatalogue.topicEdit.noPropositions')}</p>
            )}
            {ranking.data && (
              <RankingList
                entries={ranking.data.rankings}
                labelledBy="admin-ranking-title"
                renderActions={(entry) => (
                  <PropositionActions
                    topicId={topic.data.topic.id}
                    entry={entry}
                    others={ranking.data.rankings.filter((other) => other.id !== entry.id)}
                  />
                )}
              />
            )}
          </section>
          {session.user && <VotingPanel topicId={topic.data.topic.id} />}
          {/* Not a region of its own: the history's table is one, named as this heading. */}
          <div className="catalogue-card">
            <h2 className="catalogue-card__title">{t('adminCatalogue.topicEdit.history')}</h2>
            {/* Read again whenever the ranking is: a merge or a rename shows at once. */}
            <AuditLog topicId={topic.data.topic.id} version={ranking.dataUpdatedAt} />
          </div>
        </>
      )}
    </AdminPage>
  );
}
