import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { JOB_STATES, type JobDto, type JobStateName } from '../../../../../common/api/jobs.js';
import { errorMessage } from '../../../shared/api/error-message.js';
import { formatDateTime } from '../../../shared/format/date-time.js';
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
        {jobs.data?.failed.length === 0 && (
          <p className="jobs-section__empty">{t('adminJobs.failed.empty')}</p>
        )}
        {jobs.data && jobs.data.failed.length > 0 && (
          <ul className="jobs-failed">
            {jobs.data.failed.map((job) => (
              <FailedJob
                key={job.id}
                job={job}
                when={when}
                retrying={retry.isPending}
                onRetry={() => retry.mutate(job.id)}
              />
            ))}
          </ul>
        )}
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
                {t('adminJobs.attempts', { done: job.attempts, max: job.maxAttempts })}
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

/**
 * A failed job as a card rather than a table row: what failed and why reads whole on a phone, where a
 * table would hide its error past the screen's edge.
 */
function FailedJob({
  job,
  when,
  retrying,
  onRetry,
}: {
  job: JobDto;
  when: (instant: string | null) => string;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  const { label } = useKindName(job);
  return (
    <li className="jobs-failed__item job-failed">
      <div className="jobs-failed__head">
        <h3 id={nameId} className="jobs-failed__name">
          {label ?? <code>{job.kind}</code>}
        </h3>
        <Button size="sm" disabled={retrying} onClick={onRetry} aria-describedby={nameId}>
          {t('adminJobs.retry')}
        </Button>
      </div>
      <p className="jobs-failed__meta">
        {label && <code>{job.kind}</code>} #{job.id} ·{' '}
        {t('adminJobs.attemptsMade', { done: job.attempts, max: job.maxAttempts })} ·{' '}
        {t('adminJobs.failedOn', { when: when(job.finishedAt) })}
      </p>
      <p className="jobs-failed__error">{job.lastError ?? '—'}</p>
    </li>
  );
}

/** The words for a known kind of job; undefined for one the catalog does not name. */
function useKindName(job: JobDto): { label: string | undefined } {
  const { t, i18n } = useTranslation();
  const key = `adminJobs.kind.${job.kind}`;
  return { label: i18n.exists(key) ? t(key) : undefined };
}

/** What the job does in words when it is a known kind, with its machine name and number underneath. */
function JobName({ job }: { job: JobDto }) {
  const { label } = useKindName(job);
  return (
    <AdminTable.RowHeader>
      {label ?? <code>{job.kind}</code>}
      <AdminTable.Detail>
        {label && <code>{job.kind}</code>} #{job.id}
      </AdminTable.Detail>
    </AdminTable.RowHeader>
  );
}

/** An instant in the reader's language and time zone; a dash for none. */
function useWhenFormat() {
  const { i18n } = useTranslation();
  return useCallback(
    (instant: string | null) => (instant === null ? '—' : formatDateTime(instant, i18n.language)),
    [i18n.language],
  );
}
