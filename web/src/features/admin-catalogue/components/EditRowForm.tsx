import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';

/**
 * The inline edit of a catalogue row (a category, a tag): its fields, then Save and Cancel. A saved edit
 * closes (`onDone`); a refused one stays open with the server's reason, or the text of `failedKey`.
 */
export function EditRowForm({
  label,
  save,
  canSave,
  pending,
  failedKey,
  onDone,
  children,
}: {
  /** The form's accessible name ("Edit Pizza"). */
  label: string;
  save: () => Promise<unknown>;
  canSave: boolean;
  pending: boolean;
  failedKey: string;
  onDone: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save();
      onDone();
    } catch (failure) {
      setError(errorMessage(t, failure, failedKey));
    }
  };

  return (
    <form className="catalogue-form" onSubmit={submit} aria-label={label}>
      {children}
      {error && <Alert tone="error">{error}</Alert>}
      <div className="catalogue-actions">
        <Button type="submit" variant="primary" size="sm" disabled={!canSave || pending}>
          {t('action.save')}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t('action.cancel')}
        </Button>
      </div>
    </form>
  );
}
