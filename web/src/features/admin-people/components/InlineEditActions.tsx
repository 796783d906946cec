import { useTranslation } from 'react-i18next';
import { AdminTable } from '../../../shared/ui/AdminTable.js';
import { Button } from '../../../shared/ui/Button.js';

/**
 * The actions cell of a row edited in place (useInlineEdit): Save and Cancel while it is edited, else
 * Edit and Delete, each named for screen readers after the row (`editLabel`, `deleteLabel`).
 */
export function InlineEditActions({
  editing,
  saving,
  onSave,
  onCancel,
  editLabel,
  onEdit,
  deleteLabel,
  onDelete,
  deleteDisabled = false,
}: {
  editing: boolean;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
  editLabel: string;
  onEdit: () => void;
  deleteLabel: string;
  onDelete: () => void;
  deleteDisabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <AdminTable.Actions>
      {editing ? (
        <>
          <Button size="sm" variant="primary" disabled={saving} onClick={onSave}>
            {t('action.save')}
          </Button>
          <Button size="sm" onClick={onCancel}>
            {t('action.cancel')}
          </Button>
        </>
      ) : (
        <>
          <Button size="sm" aria-label={editLabel} onClick={onEdit}>
            {t('action.edit')}
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={deleteDisabled}
            aria-label={deleteLabel}
            onClick={onDelete}
          >
            {t('action.delete')}
          </Button>
        </>
      )}
    </AdminTable.Actions>
  );
}
