import type { TFunction } from 'i18next';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/index.js';
import { type FieldRules, requiredProblem, useForm } from '../../../shared/forms/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { Dialog } from '../../../shared/ui/Dialog.js';
import { PasswordField } from '../../../shared/ui/Field.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { useDeleteAccount } from '../api/account-data.js';
import { refusalMessage } from './refusal-message.js';

interface DeletionValues {
  currentPassword: string;
}

const RULES: FieldRules<DeletionValues> = { currentPassword: requiredProblem };

/** A refused deletion: a wrong password under its field, the last administrator told what to do first. */
function deletionRefusal(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.code === 'LAST_ADMIN') return t('profile.delete.lastAdmin');
  return refusalMessage(t, error, 'profile.delete.error');
}

/**
 * Asks the person to confirm the deletion of their account with their password, once they have read what
 * it does. The ConfirmDialog's frame, with a form in it: Enter in the field confirms, and a wrong password
 * is said under the field, where it is typed again.
 */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('profile.delete.title')} size="sm">
      {/* Mounted with the dialog: each opening starts with an empty field. */}
      <DeletionForm onCancel={onClose} />
    </Dialog>
  );
}

function DeletionForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  const deletion = useDeleteAccount();
  const form = useForm<DeletionValues>({ initial: { currentPassword: '' }, rules: RULES });
  const pending = deletion.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit() || pending) return;
    deletion.mutate(form.values.currentPassword.trim(), {
      onError: (error) => form.refuse(error, deletionRefusal(t, error)),
    });
  };

  return (
    <form ref={form.ref} className="confirm-dialog" onSubmit={submit} noValidate aria-busy={pending}>
      <div className="confirm-dialog__text">
        <ul className="account-deletion__effects">
          <li>{t('profile.delete.ballots')}</li>
          <li>{t('profile.delete.propositions')}</li>
          <li>{t('profile.delete.erased')}</li>
        </ul>
        <p className="account-deletion__final">{t('profile.delete.final')}</p>
      </div>
      <PasswordField
        {...form.bind('currentPassword')}
        label={t('profile.delete.password')}
        autoComplete="current-password"
        data-autofocus
      />
      {form.refusal && <Alert tone="error">{form.refusal}</Alert>}
      <div className="confirm-dialog__actions">
        <Button onClick={onCancel}>{t('profile.cancel')}</Button>
        <Button type="submit" variant="danger" disabled={pending} aria-busy={pending}>
          {pending && <Spinner size="sm" label={t('profile.delete.busy')} />}
          {t('profile.delete.confirm')}
        </Button>
      </div>
    </form>
  );
}
