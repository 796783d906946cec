import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountExportDto } from '../../../../../common/api/account-data.js';
import { errorMessage } from '../../../shared/api/index.js';
import { saveJsonFile } from '../../../shared/files/save-json-file.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { useExportAccount } from '../api/account-data.js';
import { DeleteAccountDialog } from './DeleteAccountDialog.js';
import '../../../shared/ui/surfaces.css';

/** podium-<username>-<YYYY-MM-DD>.json, dated by the person's own calendar rather than UTC's. */
function exportFileName(data: AccountExportDto): string {
  const at = new Date(data.exportedAt);
  const day = [at.getFullYear(), at.getMonth() + 1, at.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  return `podium-${data.profile.username}-${day}.json`;
}

/** "Your data": a copy of everything Podium keeps about the person, and the deletion of their account. */
export function AccountDataCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const exportAccount = useExportAccount();
  const [deleting, setDeleting] = useState(false);
  const downloading = exportAccount.isPending;

  const download = () =>
    exportAccount.mutate(undefined, { onSuccess: (data) => saveJsonFile(exportFileName(data), data) });

  return (
    <section className="card profile-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="profile-card__title">
        {t('profile.data.title')}
      </h2>
      <div className="account-data__part">
        <p className="profile-muted">{t('profile.export.text')}</p>
        {exportAccount.isError && (
          <Alert tone="error">{errorMessage(t, exportAccount.error, 'profile.export.error')}</Alert>
        )}
        <div className="profile-actions">
          <Button onClick={download} disabled={downloading} aria-busy={downloading}>
            {downloading && <Spinner size="sm" label={t('profile.export.busy')} />}
            {t('profile.export.download')}
          </Button>
        </div>
      </div>
      <div className="account-data__part account-data__part--danger">
        <p className="profile-muted">{t('profile.delete.text')}</p>
        <div className="profile-actions">
          <Button variant="danger" onClick={() => setDeleting(true)}>
            {t('profile.delete.open')}
          </Button>
        </div>
      </div>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}
