import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { useLanguage } from '../../i18n/index.js';
import { type ExportFile, useDownloadExport } from '../api/exports.js';
import '../../../shared/ui/surfaces.css';

const CATALOGUE: readonly ExportFile[] = ['categories', 'tags', 'topics', 'propositions'];

/** The catalogue's four CSV files and the pseudonymous ballots, each a button that downloads it. */
export function ExportsAdmin() {
  const { t } = useTranslation();
  const catalogueId = useId();
  const ballotsId = useId();
  const download = useDownloadExport();
  return (
    <div className="exports-admin">
      <p className="catalogue-muted">{t('adminExports.intro')}</p>
      {download.isError && (
        <Alert tone="error">{errorMessage(t, download.error, 'adminExports.error')}</Alert>
      )}
      <section className="card exports-admin__card" aria-labelledby={catalogueId}>
        <h2 id={catalogueId} className="exports-admin__title">
          {t('adminExports.catalogue.title')}
        </h2>
        <ul className="exports-admin__files">
          {CATALOGUE.map((file) => (
            <ExportRow key={file} file={file} download={download} />
          ))}
        </ul>
      </section>
      <section className="card exports-admin__card" aria-labelledby={ballotsId}>
        <h2 id={ballotsId} className="exports-admin__title">
          {t('adminExports.ballots.title')}
        </h2>
        <p className="catalogue-muted">{t('adminExports.ballots.privacy')}</p>
        <ul className="exports-admin__files">
          <ExportRow file="ballots" download={download} />
        </ul>
      </section>
    </div>
  );
}

function ExportRow({ file, download }: { file: ExportFile; download: ReturnType<typeof useDownloadExport> }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const busy = download.isPending && download.variables?.file === file;
  return (
    <li className="exports-admin__file">
      <span>{t(`adminExports.part.${file}`)}</span>
      <Button
        size="sm"
        onClick={() => download.mutate({ file, language })}
        disabled={download.isPending}
        aria-busy={busy}
      >
        {busy && <Spinner size="sm" label={t('adminExports.busy')} />}
        {t('adminExports.download', { file: `${file}.csv` })}
      </Button>
    </li>
  );
}
