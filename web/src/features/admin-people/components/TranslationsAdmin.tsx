import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TRANSLATION_ENTITY_TYPES,
  type TranslationDto,
  type TranslationEntityType,
} from '../../../../../common/api/translations.js';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_LABELS,
  LANGUAGES,
  type Language,
} from '../../../../../common/constants.js';
import { errorMessage } from '../../../shared/api/index.js';
import { saveJsonFile } from '../../../shared/files/save-json-file.js';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.js';
import { AdminTable } from '../../../shared/ui/AdminTable.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Badge } from '../../../shared/ui/Badge.js';
import { Button } from '../../../shared/ui/Button.js';
import { type ConfirmRequest, ConfirmRequestDialog } from '../../../shared/ui/ConfirmDialog.js';
import { SearchField } from '../../../shared/ui/SearchField.js';
import { SelectField } from '../../../shared/ui/SelectField.js';
import {
  TRANSLATIONS_PAGE_SIZE,
  type TranslationFilters,
  useAdminTranslations,
  useDeleteTranslation,
  useSaveTranslation,
} from '../api/translations.js';
import { useAddPanel } from '../hooks/useAddPanel.js';
import { useInlineEdit } from '../hooks/useInlineEdit.js';
import { InlineEditActions } from './InlineEditActions.js';
import { MissingTranslations } from './MissingTranslations.js';
import { NewTranslationForm } from './NewTranslationForm.js';
import '../../../shared/ui/surfaces.css';

type TypeFilter = TranslationEntityType | 'all';

/** Saves the loaded list as translations-{language}-{date}.json (SPEC 2 "Admin translations"). */
function exportList(language: Language, records: TranslationDto[]) {
  saveJsonFile(`translations-${language}-${new Date().toISOString().slice(0, 10)}.json`, records);
}

const recordId = (record: TranslationDto) => record.id;

/** /admin/translations: every text of the store, filtered, edited in place, plus the UI keys a language lacks. */
export function TranslationsAdmin() {
  const { t, i18n } = useTranslation();
  const [language, setLanguage] = useState<Language>(
    isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE,
  );
  const [entityType, setEntityType] = useState<TypeFilter>('all');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [offset, setOffset] = useState(0);
  const { adding, setAdding, status, setStatus, done } = useAddPanel();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [editError, setEditError] = useState('');

  const filters: TranslationFilters = { language, entityType, q, offset };
  const list = useAdminTranslations(filters);
  // The language's size regardless of type and search: the "Total" card.
  const languageTotal = useAdminTranslations({ language, entityType: 'all', q: '', offset: 0 }, 1);
  const save = useSaveTranslation();
  const remove = useDeleteTranslation();
  const edit = useInlineEdit<number, string>();

  const resetPage = () => setOffset(0);
  const records = list.data?.translations ?? [];

  const saveEdit = (record: TranslationDto) => {
    const value = edit.draft?.trim() ?? '';
    if (!value) {
      setEditError(t('adminPeople.translations.error.required'));
      return;
    }
    save.mutate(
      {
        entityType: record.entityType,
        entityId: record.entityId,
        key: record.key,
        language: record.language as Language,
        value,
      },
      {
        onSuccess: () => {
          edit.cancel();
          setEditError('');
          setStatus(t('adminPeople.translations.saved', { key: record.key }));
        },
        onError: (error) => setEditError(errorMessage(t, error, 'adminPeople.translations.error.save')),
      },
    );
  };

  const askDelete = (record: TranslationDto) =>
    setConfirm({
      title: t('adminPeople.translations.deleteTitle'),
      message: t('adminPeople.translations.deleteConfirm'),
      confirmLabel: t('action.delete'),
      danger: true,
      errorKey: 'adminPeople.translations.error.delete',
      onConfirm: async () => {
        await remove.mutateAsync(record);
        setStatus(t('adminPeople.translations.deleted', { key: record.key }));
      },
    });

  return (
    <div className="admin-screen">
      <div className="stat-cards">
        <div className="tile stat-card">
          <span className="stat-card__label">{t('adminPeople.translations.stat.total')}</span>
          <span className="stat-card__value">{languageTotal.data?.total ?? '–'}</span>
        </div>
        <div className="tile stat-card">
          <span className="stat-card__label">{t('adminPeople.translations.stat.language')}</span>
          <span className="stat-card__value">{LANGUAGE_LABELS[language]}</span>
        </div>
        <div className="tile stat-card">
          <span className="stat-card__label">{t('adminPeople.translations.stat.filtered')}</span>
          <span className="stat-card__value">{list.data?.total ?? '–'}</span>
        </div>
      </div>

      <div className="admin-toolbar">
        <SearchField
          className="admin-search"
          label={t('adminPeople.translations.search')}
          value={search}
          onSearch={(value) => {
            setSearch(value);
            resetPage();
          }}
        />
        <SelectField
          fieldClassName="admin-select"
          label={t('adminPeople.translations.language')}
          value={language}
          onChange={(event) => {
            if (isLanguage(event.target.value)) setLanguage(event.target.value);
            edit.cancel();
            resetPage();
          }}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {LANGUAGE_LABELS[code]}
            </option>
          ))}
        </SelectField>
        <SelectField
          fieldClassName="admin-select"
          label={t('adminPeople.translations.type')}
          value={entityType}
          onChange={(event) => {
            setEntityType(event.target.value as TypeFilter);
            resetPage();
          }}
        >
          <option value="all">{t('adminPeople.translations.type.all')}</option>
          {TRANSLATION_ENTITY_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`adminPeople.translations.type.${type}`)}
            </option>
          ))}
        </SelectField>
        <div className="admin-toolbar__buttons">
          <Button variant="primary" onClick={() => setAdding((open) => !open)} aria-expanded={adding}>
            {t('adminPeople.translations.add')}
          </Button>
          <Button onClick={() => exportList(language, records)} disabled={records.length === 0}>
            {t('adminPeople.translations.export')}
          </Button>
        </div>
      </div>

      {status && (
        <Alert tone="success" onDismiss={() => setStatus('')}>
          {status}
        </Alert>
      )}

      {adding && <NewTranslationForm language={language} onDone={done} />}

      <MissingTranslations
        language={language}
        onSaved={(key) => setStatus(t('adminPeople.translations.saved', { key }))}
      />

      {editError && <Alert tone="error">{editError}</Alert>}

      <AdminTable
        label={t('admin.translations.title')}
        columns={[
          t('adminPeople.translations.col.key'),
          t('adminPeople.translations.col.value'),
          t('adminPeople.translations.col.language'),
          t('adminPeople.translations.col.type'),
        ]}
        rowActions
        query={list}
        loadErrorKey="adminPeople.translations.error.load"
        rows={list.data?.translations}
        rowKey={recordId}
        empty={{ text: t('adminPeople.translations.empty') }}
        pagination={{
          offset,
          pageSize: TRANSLATIONS_PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setOffset,
        }}
      >
        {(record) => {
          const editing = edit.isEditing(recordId(record));
          return (
            <tr>
              {/* The key leads the row and stays in view when a phone scrolls the table sideways; the text
                  follows it at once, its language and whose text it is come after. */}
              <AdminTable.RowHeader kind="code">{record.key}</AdminTable.RowHeader>
              <AdminTable.Cell kind="prose">
                {editing ? (
                  <label>
                    <span className="visually-hidden">
                      {t('adminPeople.translations.valueOf', { key: record.key })}
                    </span>
                    <textarea
                      className="field__input"
                      rows={3}
                      maxLength={5000}
                      value={edit.draft ?? ''}
                      onChange={(event) => edit.change(event.target.value)}
                    />
                  </label>
                ) : (
                  record.value
                )}
              </AdminTable.Cell>
              <AdminTable.Cell>{record.language.toUpperCase()}</AdminTable.Cell>
              <AdminTable.Cell>
                <Badge>{t(`adminPeople.translations.type.${record.entityType}`)}</Badge>
                {record.entityId !== null && <AdminTable.Detail>#{record.entityId}</AdminTable.Detail>}
              </AdminTable.Cell>
              <InlineEditActions
                editing={editing}
                saving={save.isPending}
                onSave={() => saveEdit(record)}
                onCancel={() => {
                  edit.cancel();
                  setEditError('');
                }}
                editLabel={t('adminPeople.translations.editLabel', { key: record.key })}
                onEdit={() => {
                  setEditError('');
                  edit.start(recordId(record), record.value);
                }}
                deleteLabel={t('adminPeople.translations.deleteLabel', { key: record.key })}
                onDelete={() => askDelete(record)}
              />
            </tr>
          );
        }}
      </AdminTable>

      <ConfirmRequestDialog request={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}
