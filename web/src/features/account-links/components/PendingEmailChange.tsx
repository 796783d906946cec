import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { useDropEmailChange } from '../api/account-links.js';

/**
 * Under the profile's address while a new one waits for its link: which one, and a way to drop the change.
 * `onDropped` says so and moves the keyboard on, since this block (and its button) goes.
 */
export function PendingEmailChange({
  pendingEmail,
  onDropped,
}: {
  pendingEmail: string;
  onDropped: (pendingEmail: string) => void;
}) {
  const { t } = useTranslation();
  const drop = useDropEmailChange();
  return (
    <div className="email-confirmation">
      <p className="email-confirmation__text email-confirmation__pending">
        {t('account.emailChange.waiting', { email: pendingEmail })}
      </p>
      <div>
        <Button
          size="sm"
          disabled={drop.isPending}
          onClick={() => drop.mutate(undefined, { onSuccess: () => onDropped(pendingEmail) })}
        >
          {t('account.emailChange.drop')}
        </Button>
      </div>
      {drop.isError && (
        <Alert tone="error">{errorMessage(t, drop.error, 'account.emailChange.dropError')}</Alert>
      )}
    </div>
  );
}
