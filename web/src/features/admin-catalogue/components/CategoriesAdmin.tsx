import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCategoryDto } from '../../../../../common/api/catalogue.js';
import { errorMessage } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { type ConfirmRequest, ConfirmRequestDialog } from '../../../shared/ui/ConfirmDialog.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { useLanguage } from '../../i18n/index.js';
import {
  useAdminCategories,
  useCreateCategory,
  useDeleteCategory,
  useUpdateCategory,
} from '../api/categories.js';
import { CatalogueCard } from './CatalogueCard.js';
import { EditRowForm } from './EditRowForm.js';
import { displayName, EMPTY_NAMES, NameFields, type Names, namesOf, namesToInput } from './names.js';

/** SPEC "Admin categories": list with counts, inline edit of the four names, add form, delete with force. */
export function CategoriesAdmin() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const categories = useAdminCategories();
  const [editing, setEditing] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const remove = useDeleteCategory();

  const askDelete = (category: AdminCategoryDto) => {
    const inUse = category.counts.topics + category.counts.tags + category.counts.subcategories > 0;
    const name = displayName(category, language);
    setConfirm({
      title: t('adminCatalogue.categories.deleteTitle', { name }),
      message: inUse ? (
        <p>
          {t('adminCatalogue.categories.deleteInUse', {
            topics: t('adminCatalogue.count.topics', { count: category.counts.topics }),
            tags: t('adminCatalogue.count.tags', { count: category.counts.tags }),
          })}
        </p>
      ) : (
        <p>{t('adminCatalogue.categories.deleteConfirm')}</p>
      ),
      confirmLabel: t(inUse ? 'adminCatalogue.categories.forceDelete' : 'action.delete'),
      danger: true,
      errorKey: 'adminCatalogue.categories.deleteFailed',
      onConfirm: () => remove.mutateAsync({ id: category.id, force: inUse }),
    });
  };

  return (
    <div className="catalogue-screen">
      <AddCategoryForm />
      <CatalogueCard title={t('adminCatalogue.categories.listTitle')}>
        {categories.isPending && <Spinner />}
        {categories.isError && (
          <Alert tone="error">
            {t('adminCatalogue.categories.loadFailed')}{' '}
            <button type="button" className="link-button" onClick={() => categories.refetch()}>
              {t('action.retry')}
            </button>
          </Alert>
        )}
        {categories.data && (
          <ul className="catalogue-list">
            {categories.data.categories.map((category) =>
              editing === category.id ? (
                <li key={category.id} className="catalogue-list__item catalogue-list__item--editing">
                  <EditCategory category={category} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <li key={category.id} className="catalogue-list__item">
                  <div className="catalogue-list__main">
                    <span className="catalogue-list__name">{displayName(category, language)}</span>
                    <span className="catalogue-muted">
                      {category.slug}
                      {category.isSystem && ` · ${t('adminCatalogue.categories.system')}`}
                    </span>
                    <span className="catalogue-muted">
                      {/* The same count as the delete dialog's: every topic the category holds. */}
                      {t('adminCatalogue.categories.counts', {
                        topics: t('adminCatalogue.count.topics', { count: category.counts.topics }),
                        tags: t('adminCatalogue.count.tags', { count: category.counts.tags }),
                      })}
                    </span>
                  </div>
                  {!category.isSystem && (
                    <div className="catalogue-actions">
                      <Button size="sm" onClick={() => setEditing(category.id)}>
                        {t('action.edit')}
                        <span className="visually-hidden"> {displayName(category, language)}</span>
                      </Button>
                      <Button size="sm" variant="danger" onClick={() => askDelete(category)}>
                        {t('action.delete')}
                        <span className="visually-hidden"> {displayName(category, language)}</span>
                      </Button>
                    </div>
                  )}
                </li>
              ),
            )}
          </ul>
        )}
      </CatalogueCard>
      <ConfirmRequestDialog request={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}

function AddCategoryForm() {
  const { t } = useTranslation();
  const create = useCreateCategory();
  const [names, setNames] = useState<Names>(EMPTY_NAMES);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    try {
      const { category } = await create.mutateAsync(namesToInput(names, { keepEmpty: false }));
      setNames(EMPTY_NAMES);
      setMessage({ tone: 'success', text: t('adminCatalogue.categories.added', { name: category.name }) });
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessage(t, error, 'adminCatalogue.categories.addFailed') });
    }
  };

  return (
    <CatalogueCard title={t('adminCatalogue.categories.addTitle')}>
      <form className="catalogue-form" onSubmit={submit}>
        <NameFields names={names} onChange={setNames} idPrefix="new-category" />
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        <div className="catalogue-actions">
          <Button type="submit" variant="primary" disabled={!names.en.trim() || create.isPending}>
            {t('adminCatalogue.categories.add')}
          </Button>
        </div>
      </form>
    </CatalogueCard>
  );
}

function EditCategory({ category, onDone }: { category: AdminCategoryDto; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateCategory();
  const [names, setNames] = useState<Names>(() => namesOf(category));
  return (
    <EditRowForm
      label={t('adminCatalogue.categories.editLabel', { name: category.name })}
      save={() => update.mutateAsync({ id: category.id, ...namesToInput(names, { keepEmpty: true }) })}
      canSave={names.en.trim() !== ''}
      pending={update.isPending}
      failedKey="adminCatalogue.categories.updateFailed"
      onDone={onDone}
    >
      <NameFields names={names} onChange={setNames} idPrefix={`category-${category.id}`} compact />
    </EditRowForm>
  );
}
