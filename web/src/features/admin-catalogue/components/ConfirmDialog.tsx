import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { Dialog } from '../../../shared/ui/Dialog.js';
import { TextField } from '../../../shared/ui/Field.js';

export interface ConfirmRequest {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** When set, the confirm button stays disabled until this exact word is typed (SPEC: DELETE). */
  requireWord?: string;
  danger?: boolean;
  /** Runs the action; a rejection is shown in the dialog, which stays open. */
  onConfirm: () => Promise<unknown>;
  errorKey: string;
}

/** The one confirmation dialog of the back-office: every delete, toggle and force goes through it. */
export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose: () => void }) {
  return request ? <OpenConfirm key={request.title} request={request} onClose={onClose} /> : null;
}

function OpenConfirm({ request, onClose }: { request: ConfirmRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = request.requireWord === undefined || typed === request.requireWord;

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await request.onConfirm();
      onClose();
    } catch (failure) {
      setError(errorMessage(t, failure, request.errorKey));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} title={request.title} size="sm">
      <div className="catalogue-confirm">
        <div className="catalogue-confirm__message">{request.message}</div>
        {request.requireWord !== undefined && (
          <TextField
            label={t('adminCatalogue.confirm.typeWord', { word: request.requireWord })}
            name="confirm-word"
            value={typed}
            autoComplete="off"
            data-autofocus
            onChange={(event) => setTyped(event.target.value)}
          />
        )}
        {error && <Alert tone="error">{error}</Alert>}
        <div className="catalogue-actions catalogue-actions--end">
          <Button onClick={onClose} data-autofocus={request.requireWord === undefined ? true : undefined}>
            {t('action.cancel')}
          </Button>
          <Button variant={request.danger ? 'danger' : 'primary'} disabled={!ready || busy} onClick={confirm}>
            {request.confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
