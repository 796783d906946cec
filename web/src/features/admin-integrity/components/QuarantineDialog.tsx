import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUARANTINE_REASONS, type QuarantineReason } from '../../../../../common/api/ballot-counting.js';
import { errorMessage } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { Dialog } from '../../../shared/ui/Dialog.js';
import { SelectField } from '../../../shared/ui/SelectField.js';
import { TextAreaField } from '../../../shared/ui/TextAreaField.js';
import { useQuarantineBallots } from '../api/integrity.js';

/** The server's limit of a quarantine's note (common/api/ballot-counting.ts). */
const NOTE_MAX = 500;

/** Ballots an administrator is about to take out of the count, and what the dialog says of them. */
export interface QuarantineRequest {
  ballotIds: number[];
  /** The reason the dialog starts with: what the detector saw, when it saw something. */
  reason: QuarantineReason;
  /** One sentence saying which ballots these are. */
  description: string;
}

/**
 * Asks why before taking ballots out of the count (a reason, and a note for the audit trail). Focus
 * starts on the reason; Escape or Cancel gives it back to the button that opened the dialog.
 */
export function QuarantineDialog({
  request,
  onClose,
  onDone,
}: {
  request: QuarantineRequest | null;
  onClose: () => void;
  /** Called with how many ballots changed state. */
  onDone: (changed: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={request !== null} onClose={onClose} title={t('integrity.quarantine.title')} size="sm">
      {request && <QuarantineForm request={request} onClose={onClose} onDone={onDone} />}
    </Dialog>
  );
}

function QuarantineForm({
  request,
  onClose,
  onDone,
}: {
  request: QuarantineRequest;
  onClose: () => void;
  onDone: (changed: number) => void;
}) {
  const { t } = useTranslation();
  const quarantine = useQuarantineBallots();
  const [reason, setReason] = useState<QuarantineReason>(request.reason);
  const [note, setNote] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    quarantine.mutate(
      { ballotIds: request.ballotIds, reason, ...(note.trim() && { note: note.trim() }) },
      {
        onSuccess: ({ changed }) => {
          onClose();
          onDone(changed);
        },
      },
    );
  };

  return (
    <form className="confirm-dialog" onSubmit={submit}>
      <p className="confirm-dialog__text">{request.description}</p>
      <SelectField
        label={t('integrity.quarantine.reason')}
        name="reason"
        value={reason}
        data-autofocus
        onChange={(event) => setReason(event.target.value as QuarantineReason)}
      >
        {QUARANTINE_REASONS.map((value) => (
          <option key={value} value={value}>
            {t(`integrity.reason.${value}`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('integrity.quarantine.note')}
        hint={t('integrity.quarantine.noteHint')}
        name="note"
        value={note}
        maxLength={NOTE_MAX}
        rows={3}
        onChange={(event) => setNote(event.target.value)}
      />
      {quarantine.isError && (
        <Alert tone="error">{errorMessage(t, quarantine.error, 'integrity.error.action')}</Alert>
      )}
      <div className="confirm-dialog__actions">
        <Button onClick={onClose}>{t('action.cancel')}</Button>
        <Button
          type="submit"
          variant="danger"
          disabled={quarantine.isPending}
          aria-busy={quarantine.isPending}
        >
          {t('integrity.quarantine.confirm', { count: request.ballotIds.length })}
        </Button>
      </div>
    </form>
  );
}
