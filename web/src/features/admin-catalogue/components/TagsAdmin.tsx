import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCategoryDto, AdminTagDto } from '../../../../../common/api/catalogue.js';
import { errorMessage, isApiError } from '../../../shared/api/index.js';
import { useTagTypeLabel } from '../../../shared/hooks/useTagTypeLabel.js';
import { AdminTable } from '../../../shared/ui/AdminTable.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Badge } from '../../../shared/ui/Badge.js';
import { Button } from '../../../shared/ui/Button.js';
import { type ConfirmRequest, ConfirmRequestDialog } from '../../../shared/ui/ConfirmDialog.js';
import { Dialog } from '../../../shared/ui/Dialog.js';
import { useLanguage } from '../../i18n/index.js';
import { useAdminCategories } from '../api/categories.js';
import { useAdminTags, useCreateTag, useDeleteTag, useUpdateTag } from '../api/tags.js';
import { CatalogueCard } from './CatalogueCard.js';
import { EditRowForm } from './EditRowForm.js';
import { displayName, EMPTY_NAMES, NameFields, type Names, namesOf, namesToInput } from './names.js';
import { CategorySelect, TypePicker } from './pickers.js';
import { TagWizard } from './TagWizard.js';

/** SPEC "Admin tags": table with inline row edit, delete when unused, add form, wizard, conflict dialog. */
export function TagsAdmin() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const typeLabel = useTagTypeLabel();
  const tags = useAdminTags();
  const categories = useAdminCategories();
  const remove = useDeleteTag();
  const [editing, setEditing] = useState<number | null>(null);
  const [wizardOpen, setWizardOpen] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const knownTypes = [...new Set(tags.data?.tags.map((tag) => tag.type) ?? [])];

  const askDelete = (tag: AdminTagDto) =>
    setConfirm({
      title: t('adminCatalogue.tags.deleteTitle', { name: displayName(tag, language) }),
      message: <p>{t('adminCatalogue.tags.deleteConfirm')}</p>,
      confirmLabel: t('action.delete'),
      danger: true,
      errorKey: 'adminCatalogue.tags.deleteFailed',
      onConfirm: () => remove.mutateAsync(tag.id),
    });

  return (
    <div className="catalogue-screen">
      <div className="catalogue-actions">
        <Button variant="primary" onClick={() => setWizardOpen(true)}>
          {t('adminCatalogue.tags.openWizard')}
        </Button>
      </div>
      <QuickAddTag categories={categories.data?.categories} knownTypes={knownTypes} />
      {categories.isError && <Alert tone="error">{t('adminCatalogue.tags.loadBothFailed')}</Alert>}
      {/* Not a labelled section: the table's own region already bears this name. */}
      <div className="catalogue-section">
        <h2 className="catalogue-card__title">{t('adminCatalogue.tags.listTitle')}</h2>
        <AdminTable
          label={t('adminCatalogue.tags.listTitle')}
          columns={[
            t('adminCatalogue.tags.colTag'),
            t('adminCatalogue.tags.colSlug'),
            t('adminCatalogue.tags.colType'),
            t('adminCatalogue.tags.colCategory'),
            t('adminCatalogue.tags.colUsage'),
          ]}
          rowActions
          query={tags}
          loadErrorKey="adminCatalogue.tags.loadFailed"
          rows={tags.data?.tags}
          rowKey={(tag) => tag.id}
          count={tags.data && t('adminCatalogue.tags.found', { count: tags.data.tags.length })}
          empty={{
            text: t('adminCatalogue.tags.empty'),
            action: (
              <Button variant="primary" onClick={() => setWizardOpen(true)}>
                {t('adminCatalogue.tags.addFirst')}
              </Button>
            ),
          }}
        >
          {(tag) =>
            editing === tag.id ? (
              <AdminTable.FullRow>
                <EditTagRow
                  tag={tag}
                  categories={categories.data?.categories}
                  knownTypes={knownTypes}
                  onDone={() => setEditing(null)}
                />
              </AdminTable.FullRow>
            ) : (
              <tr>
                <AdminTable.RowHeader>{displayName(tag, language)}</AdminTable.RowHeader>
                <AdminTable.Cell kind="code">{tag.slug}</AdminTable.Cell>
                <AdminTable.Cell>
                  <Badge tone="brand">{typeLabel(tag.type)}</Badge>
                </AdminTable.Cell>
                <AdminTable.Cell>
                  {tag.category ? categoryName(categories.data?.categories, tag.category, language) : '—'}
                </AdminTable.Cell>
                <AdminTable.Cell>{tag.usage}</AdminTable.Cell>
                <AdminTable.Actions>
                  <Button size="sm" onClick={() => setEditing(tag.id)}>
                    {t('action.edit')}
                    <span className="visually-hidden"> {displayName(tag, language)}</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={tag.usage > 0}
                    title={tag.usage > 0 ? t('adminCatalogue.tags.inUse') : undefined}
                    onClick={() => askDelete(tag)}
                  >
                    {t('action.delete')}
                    <span className="visually-hidden"> {displayName(tag, language)}</span>
                  </Button>
                </AdminTable.Actions>
              </tr>
            )
          }
        </AdminTable>
      </div>
      {wizardOpen && (
        <TagWizard
          categories={categories.data?.categories}
          knownTypes={knownTypes}
          onClose={() => setWizardOpen(false)}
        />
      )}
      <ConfirmRequestDialog request={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}

function categoryName(
  categories: AdminCategoryDto[] | undefined,
  category: { id: number; name: string },
  language: Parameters<typeof displayName>[1],
) {
  const full = categories?.find((c) => c.id === category.id);
  return full ? displayName(full, language) : category.name;
}

interface Conflict {
  title: string;
  message: string;
  hint?: string;
}

/** SPEC 8: SLUG_EXISTS gets its own words; any other conflict the text of its code, in the UI's language. */
function conflictOf(t: ReturnType<typeof useTranslation>['t'], error: unknown): Conflict | null {
  if (!isApiError(error) || error.status !== 409) return null;
  if (error.code === 'SLUG_EXISTS') {
    return {
      title: t('adminCatalogue.tags.conflictExistsTitle'),
      message: t('adminCatalogue.tags.conflictExistsMessage'),
      hint: t('adminCatalogue.tags.conflictExistsHint'),
    };
  }
  return {
    title: t('adminCatalogue.tags.conflictTitle'),
    message: errorMessage(t, error, 'adminCatalogue.tags.conflictDefault'),
  };
}

function ConflictDialog({ conflict, onClose }: { conflict: Conflict | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={conflict !== null} onClose={onClose} title={conflict?.title ?? ''} size="sm">
      <div className="catalogue-confirm">
        <p>{conflict?.message}</p>
        {conflict?.hint && <p className="catalogue-muted">{conflict.hint}</p>}
        <div className="catalogue-actions catalogue-actions--end">
          <Button variant="primary" onClick={onClose} data-autofocus>
            {t('action.ok')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** The add form (SPEC: Save Tag and Cancel; Save needs an English name and a category; Cancel clears). */
function QuickAddTag({
  categories,
  knownTypes,
}: {
  categories: AdminCategoryDto[] | undefined;
  knownTypes: string[];
}) {
  const { t } = useTranslation();
  const create = useCreateTag();
  const [names, setNames] = useState<Names>(EMPTY_NAMES);
  const [type, setType] = useState('OTHER');
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const clear = () => {
    setNames(EMPTY_NAMES);
    setType('OTHER');
    setCategoryId(null);
    setMessage(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!names.en.trim() || categoryId === null) {
      setMessage({ tone: 'error', text: t('adminCatalogue.tags.requiredFields') });
      return;
    }
    if (!type.trim()) {
      setMessage({ tone: 'error', text: t('adminCatalogue.tags.typeRequired') });
      return;
    }
    try {
      const { tag } = await create.mutateAsync({
        ...namesToInput(names, { keepEmpty: false }),
        type,
        categoryId,
      });
      clear();
      setMessage({ tone: 'success', text: t('adminCatalogue.tags.added', { name: tag.name }) });
    } catch (error) {
      const found = conflictOf(t, error);
      if (found) setConflict(found);
      else setMessage({ tone: 'error', text: errorMessage(t, error, 'adminCatalogue.tags.addFailed') });
    }
  };

  return (
    <CatalogueCard title={t('adminCatalogue.tags.quickAddTitle')}>
      <form className="catalogue-form" onSubmit={submit}>
        <NameFields names={names} onChange={setNames} idPrefix="new-tag" />
        <div className="catalogue-form__row">
          <TypePicker value={type} onChange={setType} knownTypes={knownTypes} />
          <CategorySelect categories={categories} value={categoryId} onChange={setCategoryId} />
        </div>
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        <div className="catalogue-actions">
          <Button
            type="submit"
            variant="primary"
            disabled={!names.en.trim() || categoryId === null || create.isPending}
          >
            {t('adminCatalogue.tags.saveTag')}
          </Button>
          <Button onClick={clear}>{t('action.cancel')}</Button>
        </div>
      </form>
      <ConflictDialog conflict={conflict} onClose={() => setConflict(null)} />
    </CatalogueCard>
  );
}

function EditTagRow({
  tag,
  categories,
  knownTypes,
  onDone,
}: {
  tag: AdminTagDto;
  categories: AdminCategoryDto[] | undefined;
  knownTypes: string[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateTag();
  const [names, setNames] = useState<Names>(() => namesOf(tag));
  const [type, setType] = useState(tag.type);
  const [categoryId, setCategoryId] = useState<number | null>(tag.categoryId);
  return (
    <EditRowForm
      label={t('adminCatalogue.tags.editLabel', { name: tag.name })}
      save={() =>
        update.mutateAsync({ id: tag.id, ...namesToInput(names, { keepEmpty: true }), type, categoryId })
      }
      canSave={names.en.trim() !== '' && type.trim() !== ''}
      pending={update.isPending}
      failedKey="adminCatalogue.tags.updateFailed"
      onDone={onDone}
    >
      <NameFields names={names} onChange={setNames} idPrefix={`tag-${tag.id}`} compact />
      <div className="catalogue-form__row">
        <TypePicker value={type} onChange={setType} knownTypes={knownTypes} compact />
        <CategorySelect
          categories={categories}
          value={categoryId}
          onChange={setCategoryId}
          allowNone
          compact
        />
      </div>
    </EditRowForm>
  );
}
