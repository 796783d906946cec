import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../../../features/admin-catalogue/index.js';
import { OpenFlagsCount } from '../../../features/admin-integrity/index.js';
import { PendingProposalsCount } from '../../../features/admin-proposals/index.js';
import { AdminPage } from '../../../shared/ui/AdminPage.js';

const CARDS = [
  'categories',
  'tags',
  'topics',
  'proposals',
  'integrity',
  'users',
  'translations',
  'audit',
  'jobs',
  'settings',
  'exports',
] as const;

/**
 * SPEC "Admin panel": one card per back-office screen (plus the audit log); the review queue's says how
 * many proposals wait, the integrity screen's how many bursts.
 */
export default function AdminPanelPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.panel.title')}>
      <ul className="catalogue-panel">
        {CARDS.map((card) => (
          <li key={card}>
            <Link to={`/admin/${card}`} className="catalogue-panel__card">
              <span className="catalogue-panel__title">
                {t(`adminCatalogue.panel.${card}.title`)}
                {card === 'proposals' && <PendingProposalsCount />}
                {card === 'integrity' && <OpenFlagsCount />}
              </span>
              <span className="catalogue-muted">{t(`adminCatalogue.panel.${card}.description`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}
