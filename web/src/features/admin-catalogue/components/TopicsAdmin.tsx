import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminTopicDto } from '../../../../../common/api/catalogue.js';
import { DELETE_CONFIRMATION_WORD } from '../../../../../common/constants.js';
import { AdminTable } from '../../../shared/ui/AdminTable.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Badge } from '../../../shared/ui/Badge.js';
import { Button, buttonClasses } from '../../../shared/ui/Button.js';
import { type ConfirmRequest, ConfirmRequestDialog } from '../../../shared/ui/ConfirmDialog.js';
import { useLanguage } from '../../i18n/index.js';
import { type StatusFilter, useAdminTopics, useDeleteTopic, useSetTopicStatus } from '../api/topics.js';
import { TopicWizard } from './TopicWizard.js';
import { topicStatusRequest } from './topic-status-request.js';

const FILTERS: StatusFilter[] = ['all', 'active', 'inactive'];

/** SPEC "Admin topics": status filter with counts, the table, toggle and delete confirmations, the wizard. */
export function TopicsAdmin() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [status, setStatus] = useState<StatusFilter>('all');
  const topics = useAdminTopics(status, language);
  const setActive = useSetTopicStatus();
  const remove = useDeleteTopic();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [wizardOpen, setWizardOpen] = useState(false);
  const counts = topics.data?.statusCounts;

  const askToggle = (topic: AdminTopicDto) => setConfirm(topicStatusRequest(t, topic, setActive.mutateAsync));

  const askDelete = (topic: AdminTopicDto) => {
    const cascade = topic.isMainTopic && topic.counts.subTopics > 0;
    setConfirm({
      title: t('adminCatalogue.topics.deleteTitle', { title: topic.title }),
      message: cascade ? (
        <Alert tone="error">
          {t('adminCatalogue.topics.deleteCascadeWarning', {
            subTopics: t('adminCatalogue.count.subTopics', { count: topic.counts.subTopics }),
          })}
        </Alert>
      ) : (
        <p>{t('adminCatalogue.topics.deleteConfirm', { title: topic.title })}</p>
      ),
      confirmLabel: t('action.delete'),
      danger: true,
      ...(cascade ? { requireWord: DELETE_CONFIRMATION_WORD } : {}),
      errorKey: 'adminCatalogue.topics.deleteFailed',
      onConfirm: () => remove.mutateAsync(topic.id),
    });
  };

  return (
    <div className="catalogue-screen">
      <div className="catalogue-actions">
        <Button variant="primary" onClick={() => setWizardOpen(true)}>
          {t('adminCatalogue.topicWizard.title')}
        </Button>
      </div>
      <fieldset className="catalogue-filter">
        <legend className="visually-hidden">{t('adminCatalogue.topics.filterLabel')}</legend>
        {FILTERS.map((filter) => (
          <Button
            key={filter}
            size="sm"
            variant={status === filter ? 'primary' : 'secondary'}
            aria-pressed={status === filter}
            onClick={() => setStatus(filter)}
          >
            {t(`adminCatalogue.topics.filter.${filter}`)}
            {counts && ` (${counts[filter]})`}
          </Button>
        ))}
      </fieldset>
      <AdminTable
        label={t('admin.topics.title')}
        columns={[
          t('adminCatalogue.topics.colTopic'),
          t('adminCatalogue.topics.colCategory'),
          t('adminCatalogue.topics.colType'),
          t('adminCatalogue.topics.colStatus'),
          t('adminCatalogue.topics.colStats'),
        ]}
        rowActions
        query={topics}
        loadErrorKey="adminCatalogue.topics.loadFailed"
        rows={topics.data?.topics}
        rowKey={(topic) => topic.id}
        empty={{ text: t('adminCatalogue.topics.empty') }}
      >
        {(topic) => (
          <tr>
            <AdminTable.RowHeader>
              {/* A sub-topic sits indented under its main topic, which the list puts first. */}
              <span className={topic.mainTopic ? 'catalogue-sub-topic' : undefined}>
                {topic.title}
                {topic.mainTopic && (
                  <AdminTable.Detail>
                    {t('adminCatalogue.topics.subTopicOf', { main: topic.mainTopic })}
                  </AdminTable.Detail>
                )}
              </span>
            </AdminTable.RowHeader>
            <AdminTable.Cell>{topic.category.name}</AdminTable.Cell>
            <AdminTable.Cell>
              <Badge tone="brand">
                {t(topic.isMainTopic ? 'adminCatalogue.topics.mainTopic' : 'adminCatalogue.topics.subTopic')}
              </Badge>
            </AdminTable.Cell>
            <AdminTable.Cell>
              <Badge tone={topic.isActive ? 'success' : 'danger'}>
                {t(topic.isActive ? 'adminCatalogue.topics.active' : 'adminCatalogue.topics.inactive')}
              </Badge>
            </AdminTable.Cell>
            <AdminTable.Cell kind="figure">
              {t('adminCatalogue.topics.propositionCount', { count: topic.counts.propositions })}
              {topic.isMainTopic && (
                <AdminTable.Detail>
                  {t('adminCatalogue.topics.subTopicCount', { count: topic.counts.subTopics })}
                </AdminTable.Detail>
              )}
            </AdminTable.Cell>
            <AdminTable.Actions>
              <Link className={buttonClasses({ variant: 'ghost', size: 'sm' })} to={`/topic/${topic.id}`}>
                {t('adminCatalogue.topics.view')}
                <span className="visually-hidden"> {topic.title}</span>
              </Link>
              <Link
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                to={`/admin/topics/edit/${topic.id}`}
              >
                {t('action.edit')}
                <span className="visually-hidden"> {topic.title}</span>
              </Link>
              <Button size="sm" onClick={() => askToggle(topic)}>
                {t(topic.isActive ? 'adminCatalogue.topics.deactivate' : 'adminCatalogue.topics.activate')}
                <span className="visually-hidden"> {topic.title}</span>
              </Button>
              <Button size="sm" variant="danger" onClick={() => askDelete(topic)}>
                {t('action.delete')}
                <span className="visually-hidden"> {topic.title}</span>
              </Button>
            </AdminTable.Actions>
          </tr>
        )}
      </AdminTable>
      {wizardOpen && <TopicWizard onClose={() => setWizardOpen(false)} />}
      <ConfirmRequestDialog request={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}
