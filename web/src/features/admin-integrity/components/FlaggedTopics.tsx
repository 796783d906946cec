import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { timeAgo } from '../../../shared/format/relative-time.js';
import { AdminTable } from '../../../shared/ui/AdminTable.js';
import { useLanguage } from '../../i18n/index.js';
import { useOpenFlags } from '../api/integrity.js';

/**
 * /admin/integrity: the topics where the detector saw a burst nobody has looked at yet, the most recent
 * first, each leading to its screen; when there are none, the screen says so plainly.
 */
export function FlaggedTopics() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const flags = useOpenFlags(language);
  return (
    <div className="admin-screen integrity-screen">
      <p className="integrity-muted integrity-intro">{t('integrity.list.intro')}</p>
      <AdminTable
        label={t('admin.integrity.title')}
        columns={[t('integrity.list.col.topic'), t('integrity.list.col.flags'), t('integrity.list.col.last')]}
        query={flags}
        loadErrorKey="integrity.error.load"
        rows={flags.data?.topics}
        rowKey={(topic) => topic.id}
        count={flags.data && t('integrity.openFlags', { count: flags.data.open })}
        empty={{ text: t('integrity.list.empty') }}
      >
        {(topic) => (
          <tr>
            <AdminTable.RowHeader>
              <Link to={`/admin/integrity/topics/${topic.id}`}>{topic.title}</Link>
            </AdminTable.RowHeader>
            <AdminTable.Cell kind="figure">
              {t('integrity.list.flags', { count: topic.openFlags })}
            </AdminTable.Cell>
            <AdminTable.Cell kind="figure">{timeAgo(topic.lastCastAt, language)}</AdminTable.Cell>
          </tr>
        )}
      </AdminTable>
    </div>
  );
}
