import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ENTITY_TYPES, type AuditEntryDto } from '../../../../../common/api/audit.js';
import { isLanguage, LANGUAGE_LABELS } from '../../../../../common/constants.js';
import { numberFormats } from '../../../shared/hooks/useNumberFormat.js';
import { AdminTable } from '../../../shared/ui/AdminTable.js';
import { Badge, type BadgeTone } from '../../../shared/ui/Badge.js';
import { Button } from '../../../shared/ui/Button.js';
import { TextField } from '../../../shared/ui/Field.js';
import { SelectField } from '../../../shared/ui/SelectField.js';
import { AUDIT_PAGE_SIZE, type AuditFilters, useAuditLog } from '../api/audit.js';
import { type AuditWords, describeAuditValue, diffSnapshots } from './audit-diff.js';

/** Creations and approvals read as good news, deletions and rejections as bad; every other action is neutral. */
const ACTION_TONES: Partial<Record<string, BadgeTone>> = {
  create: 'success',
  approve: 'success',
  delete: 'danger',
  reject: 'danger',
};

const NO_FILTERS: AuditFilters = { actor: '', entityType: '', from: '', to: '', offset: 0 };

/**
 * /admin/audit: who changed what, newest first, filtered by actor, entity type and dates. Given a topic,
 * the admin topic page's history: that topic's entries, without the filters; `version` reads it again.
 */
export function AuditLog({ topicId, version }: { topicId?: number; version?: number } = {}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(NO_FILTERS);
  const [filters, setFilters] = useState(NO_FILTERS);
  const log = useAuditLog(topicId === undefined ? filters : { ...filters, topicId, version });
  const formats = useAuditFormats();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft, offset: 0 });
  };
  const set = (field: keyof Omit<AuditFilters, 'offset'>) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));

  return (
    <div className="admin-screen">
      {topicId === undefined && (
        <form
          className="admin-card audit-filters"
          onSubmit={apply}
          aria-label={t('adminPeople.audit.filters')}
        >
          <TextField
            label={t('adminPeople.audit.actor')}
            name="actor"
            value={draft.actor}
            onChange={set('actor')}
          />
          <SelectField
            label={t('adminPeople.audit.entityType')}
            value={draft.entityType}
            onChange={set('entityType')}
          >
            <option value="">{t('adminPeople.audit.entity.all')}</option>
            {AUDIT_ENTITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`adminPeople.audit.entity.${type}`)}
              </option>
            ))}
          </SelectField>
          {(['from', 'to'] as const).map((bound) => (
            <TextField
              key={bound}
              label={t(`adminPeople.audit.${bound}`)}
              name={bound}
              type="date"
              value={draft[bound]}
              onChange={set(bound)}
            />
          ))}
          <div className="admin-form__actions audit-filters__actions">
            <Button type="submit" variant="primary">
              {t('adminPeople.audit.apply')}
            </Button>
            <Button
              onClick={() => {
                setDraft(NO_FILTERS);
                setFilters(NO_FILTERS);
              }}
            >
              {t('adminPeople.audit.reset')}
            </Button>
          </div>
        </form>
      )}

      <AdminTable
        label={topicId === undefined ? t('admin.audit.title') : t('adminCatalogue.topicEdit.history')}
        columns={[
          t('adminPeople.audit.col.when'),
          t('adminPeople.audit.col.action'),
          t('adminPeople.audit.col.entity'),
          t('adminPeople.audit.col.actor'),
          t('adminPeople.audit.col.changes'),
        ]}
        query={log}
        loadErrorKey="adminPeople.audit.error.load"
        rows={log.data?.entries}
        rowKey={(entry) => entry.id}
        count={log.data && t('adminPeople.audit.count', { count: log.data.total })}
        empty={{ text: t('adminPeople.audit.empty') }}
        pagination={{
          offset: filters.offset,
          pageSize: AUDIT_PAGE_SIZE,
          total: log.data?.total ?? 0,
          onChange: (offset) => setFilters((current) => ({ ...current, offset })),
        }}
      >
        {(entry) => <AuditRow entry={entry} formats={formats} />}
      </AdminTable>
    </div>
  );
}

/** One write: when, what was done to which item, by whom, and each field before and after. */
function AuditRow({ entry, formats }: { entry: AuditEntryDto; formats: AuditFormats }) {
  const { t } = useTranslation();
  const { words } = formats;
  const changes = diffSnapshots(entry.before, entry.after);
  const at = new Date(entry.createdAt);
  return (
    // audit-item: the browser suite's handle on one entry.
    <tr className="audit-item">
      <AdminTable.RowHeader kind="figure">
        <time dateTime={entry.createdAt}>
          {formats.day.format(at)}
          <AdminTable.Detail>{formats.time.format(at)}</AdminTable.Detail>
        </time>
      </AdminTable.RowHeader>
      <AdminTable.Cell>
        <Badge tone={ACTION_TONES[entry.action] ?? 'neutral'}>
          {t(`adminPeople.audit.action.${entry.action}`, { defaultValue: entry.action })}
        </Badge>
      </AdminTable.Cell>
      <AdminTable.Cell>
        {t(`adminPeople.audit.entity.${entry.entityType}`, { defaultValue: entry.entityType })}
        {entry.entityId !== null && <AdminTable.Detail>#{entry.entityId}</AdminTable.Detail>}
      </AdminTable.Cell>
      <AuditActor entry={entry} />
      <AdminTable.Cell>
        {changes.length > 0 && (
          <table className="audit-diff">
            <thead>
              <tr>
                <th scope="col">{t('adminPeople.audit.field')}</th>
                <th scope="col">{t('adminPeople.audit.before')}</th>
                <th scope="col">{t('adminPeople.audit.after')}</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.field}>
                  <th scope="row">{words.field(change.field)}</th>
                  <td className="audit-diff__before">
                    <AuditValue text={describeAuditValue(change.before, words, change.field)} />
                  </td>
                  <td className="audit-diff__after">
                    <AuditValue text={describeAuditValue(change.after, words, change.field)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </AdminTable.Cell>
    </tr>
  );
}

/** Who made the entry: an account by its name; one since deleted, or the server's own jobs, in words. */
function AuditActor({ entry }: { entry: AuditEntryDto }) {
  const { t } = useTranslation();
  if (entry.actorKind === 'account') {
    return <AdminTable.Cell kind="token">{`@${entry.actorUsername}`}</AdminTable.Cell>;
  }
  return (
    <AdminTable.Cell className="audit-actor--unnamed">
      {t(`adminPeople.audit.actorKind.${entry.actorKind}`)}
    </AdminTable.Cell>
  );
}

/** One value of the diff; a single word (an e-mail, a slug) is kept whole on a wide screen. */
function AuditValue({ text }: { text: string | undefined }) {
  if (text === undefined) return '—';
  return /\s/.test(text) ? text : <span className="audit-diff__token">{text}</span>;
}

interface AuditFormats {
  /** When an entry was written: its day, then its time. */
  day: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
  /** Field labels, yes/no, dates and numbers of the values. */
  words: AuditWords;
}

/** The catalog key of each coded value a trail stores, per field: shown in words rather than as a code. */
const CODED_FIELDS: Record<string, (value: string) => string> = {
  proposalPolicy: (value) => `proposalPolicy.${value}`,
  reason: (value) => `proposals.reason.${value}.label`,
};

/** The trail's formats in the reader's language, built once per language rather than per row. */
function useAuditFormats(): AuditFormats {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      day: new Intl.DateTimeFormat(language, { dateStyle: 'medium' }),
      time: new Intl.DateTimeFormat(language, { timeStyle: 'medium' }),
      words: {
        yes: t('adminPeople.audit.yes'),
        no: t('adminPeople.audit.no'),
        // Names per language are keyed by language code: those read as the language's own name.
        field: (name) =>
          isLanguage(name)
            ? LANGUAGE_LABELS[name]
            : t(`adminPeople.audit.fields.${name}`, { defaultValue: name }),
        dateTime: (at) => dateTime.format(at),
        number: numberFormats(language).number,
        code: (field, value) => {
          const key = CODED_FIELDS[field]?.(value);
          return key && i18n.exists(key) ? t(key) : undefined;
        },
      },
    };
  }, [t, i18n, language]);
}
