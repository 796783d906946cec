import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { JOB_STATES, type JobDto, type JobStateName } from '../../../../../common/api/jobs.js';
import { errorMessage } from '../../../shared/api/error-message.js';
import { useNumberFormat } from '../../../shared/hooks/useNumberFormat.js';
import { AdminTable } from '../../../shared/ui/AdminTable.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Badge, type BadgeTone } from '../../../shared/ui/Badge.js';
import { Button } from '../../../shared/ui/Button.js';
import { useAdminJobs, useRetryJob } from '../api/jobs.js';

const STATE_TONES: Record<JobStateName, BadgeTone> = {
  queued: 'neutral',
  running: 'brand',
  done: 'success',
  failed: 'danger',
};

/** /admin/jobs: the work the servers run once (pruning, later e-mails and snapshots), failed first. */
export function JobsAdmin() {
  const { t } = useTranslation();
  const jobs = useAdminJobs();
  const retry = useRetryJob();
  const { number } = useNumberFormat();
  const when = useWhenFormat();
  const failedTitle = useId();
  const recentTitle = useId();

  return (
    <div className="admin-screen">
      {jobs.data && (
        <ul className="jobs-counts" aria-label={t('adminJobs.counts')}>
          {JOB_STATES.map((state) => (
            <li key={state} className="jobs-counts__item">
              <Badge tone={STATE_TONES[state]}>{t(`adminJobs.state.${state}`)}</Badge>
              <span className="jobs-counts__figure">{number(jobs.data.counts[state])}</span>
            </li>
          ))}
        </ul>
      )}
      {retry.isError && (
        <Alert tone="error" onDismiss={() => retry.reset()}>
          {errorMessage(t, retry.error, 'adminJobs.error.retry')}
        </Alert>
      )}

      <section className="jobs-section" aria-labelledby={failedTitle}>
        <h2 id={failedTitle} className="jobs-section__title">
          {t('adminJobs.failed.title')}
        </h2>
        <AdminTable
          label={t('adminJobs.failed.title')}
          columns={[
            t('adminJobs.col.job'),
            t('adminJobs.col.attempts'),
            t('adminJobs.col.failedAt'),
            t('adminJobs.col.error'),
          ]}
          rowActions
          query={jobs}
          loadErrorKey="adminJobs.error.load"
          rows={jobs.data?.failed}
          rowKey={(job) => job.id}
          empty={{ text: t('adminJobs.failed.empty') }}
        >
          {(job) => (
            <tr className="job-failed">
              <JobName job={job} />
              <AdminTable.Cell kind="figure">
                {t('adminJobs.attempts', { count: job.attempts, max: job.maxAttempts })}
              </AdminTable.Cell>
              <AdminTable.Cell kind="figure">{when(job.finishedAt)}</AdminTable.Cell>
              <AdminTable.Cell kind="prose">{job.lastError ?? '—'}</AdminTable.Cell>
              <AdminTable.Actions>
                <Button size="sm" disabled={retry.isPending} onClick={() => retry.mutate(job.id)}>
                  {t('adminJobs.retry')}
                </Button>
              </AdminTable.Actions>
            </tr>
          )}
        </AdminTable>
      </section>

      <section className="jobs-section" aria-labelledby={recentTitle}>
        <h2 id={recentTitle} className="jobs-section__title">
          {t('adminJobs.recent.title')}
        </h2>
        <AdminTable
          label={t('adminJobs.recent.title')}
          columns={[
            t('adminJobs.col.job'),
            t('adminJobs.col.state'),
            t('adminJobs.col.attempts'),
            t('adminJobs.col.due'),
            t('adminJobs.col.finished'),
            t('adminJobs.col.error'),
          ]}
          query={jobs}
          loadErrorKey="adminJobs.error.load"
          rows={jobs.data?.recent}
          rowKey={(job) => job.id}
          empty={{ text: t('adminJobs.recent.empty') }}
        >
          {(job) => (
            <tr className="job-recent">
              <JobName job={job} />
              <AdminTable.Cell>
                <Badge tone={STATE_TONES[job.state]}>{t(`adminJobs.state.${job.state}`)}</Badge>
              </AdminTable.Cell>
              <AdminTable.Cell kind="figure">
                {t('adminJobs.attempts', { count: job.attempts, max: job.maxAttempts })}
              </AdminTable.Cell>
              <AdminTable.Cell kind="figure">{when(job.dueAt)}</AdminTable.Cell>
              <AdminTable.Cell kind="figure">{when(job.finishedAt)}</AdminTable.Cell>
              <AdminTable.Cell kind="prose">{job.lastError ?? '—'}</AdminTable.Cell>
            </tr>
          )}
        </AdminTable>
      </section>
    </div>
  );
}

/** What the job does in words when it is a known kind, with its machine name and number underneath. */
function JobName({ job }: { job: JobDto }) {
  const { t } = useTranslation();
  return (
    <AdminTable.RowHeader>
      {t(`adminJobs.kind.${job.kind}`, { defaultValue: job.kind })}
      <AdminTable.Detail>
        <code>{job.kind}</code> #{job.id}
      </AdminTable.Detail>
    </AdminTable.RowHeader>
  );
}

/** An instant in the reader's language and time zone; a dash for none. */
function useWhenFormat() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    return (instant: string | null) => (instant === null ? '—' : format.format(new Date(instant)));
  }, [i18n.language]);
}
