import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/error-message.js';
import { Alert } from './Alert.js';
import { Button } from './Button.js';
import { Dialog } from './Dialog.js';
import { TextField } from './Field.js';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, in the spec's words (text or blocks). */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** Why the last attempt failed, shown inside the dialog so the user can retry or cancel. */
  error?: string | null;
  tone?: 'danger' | 'primary';
  /** When set, Confirm stays disabled until this exact word is typed (SPEC: DELETE), and focus starts there. */
  requireWord?: string;
}

/**
 * The one confirmation dialog, the accessible replacement of window.confirm(): focus starts on
 * Cancel, the safe choice (or on the word to type, when one is required).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy = false,
  error,
  tone = 'danger',
  requireWord,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const ready = requireWord === undefined || typed === requireWord;
  return (
    <Dialog open={open} onClose={onCancel} title={title} size="sm">
      <div className="confirm-dialog">
        <div className="confirm-dialog__text">{children}</div>
        {requireWord !== undefined && (
          <TextField
            label={t('confirm.typeWord', { word: requireWord })}
            name="confirm-word"
            value={typed}
            autoComplete="off"
            data-autofocus
            onChange={(event) => setTyped(event.target.value)}
          />
        )}
        {error && <Alert tone="error">{error}</Alert>}
        <div className="confirm-dialog__actions">
          <Button data-autofocus={requireWord === undefined ? true : undefined} onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} disabled={busy || !ready} aria-busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** A confirmation asked for by a screen: what to say, and the action to run once confirmed. */
export interface ConfirmRequest {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  requireWord?: string;
  danger?: boolean;
  /** Runs the action; a rejection is shown in the dialog, which stays open. */
  onConfirm: () => Promise<unknown>;
  /** The text shown when the action fails with no code of its own. */
  errorKey: string;
  /** Says what went wrong when a screen explains some refusals its own way. */
  describeError?: (failure: unknown) => string;
}

/** Runs a ConfirmRequest in the ConfirmDialog: busy while the action runs, its failure shown in place. */
export function ConfirmRequestDialog({
  request,
  onClose,
}: {
  request: ConfirmRequest | null;
  onClose: () => void;
}) {
  return request ? <OpenRequest key={request.title} request={request} onClose={onClose} /> : null;
}

function OpenRequest({ request, onClose }: { request: ConfirmRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await request.onConfirm();
      onClose();
    } catch (failure) {
      setError(request.describeError?.(failure) ?? errorMessage(t, failure, request.errorKey));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open
      title={request.title}
      confirmLabel={request.confirmLabel}
      cancelLabel={t('action.cancel')}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      busy={busy}
      error={error}
      tone={request.danger ? 'danger' : 'primary'}
      {...(request.requireWord !== undefined && { requireWord: request.requireWord })}
    >
      {request.message}
    </ConfirmDialog>
  );
}
