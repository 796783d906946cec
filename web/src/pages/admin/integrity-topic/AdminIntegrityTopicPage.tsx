import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  TopicIntegrity,
  useTimelinePeriod,
  useTopicIntegrity,
} from '../../../features/admin-integrity/index.js';
import { useLanguage } from '../../../features/i18n/index.js';
import { AdminPage } from '../../../shared/ui/AdminPage.js';
import { NotFoundPage } from '../../not-found/NotFoundPage.js';

export default function AdminIntegrityTopicPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const topicId = Number(useParams().id);
  const valid = Number.isInteger(topicId) && topicId > 0;
  // The screen's own query (shared by key): the heading names the topic once it is known.
  const title = useTopicIntegrity(valid ? topicId : 0, useTimelinePeriod(), language).data?.topic.title;
  if (!valid) return <NotFoundPage />;
  return (
    <AdminPage
      title={title ? t('integrity.topic.title', { title }) : t('admin.integrity.title')}
      back={{ to: '/admin/integrity', label: t('integrity.back') }}
    >
      <TopicIntegrity topicId={topicId} />
    </AdminPage>
  );
}
