import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Badge } from '../../../shared/ui/Badge.js';
import { Button } from '../../../shared/ui/Button.js';
import { StatusMessage } from '../../../shared/ui/StatusMessage.js';
import { useResendVerification } from '../api/account-links.js';

/** Whether the person confirmed their address: the hint of the profile's e-mail field. */
export function EmailStatusBadge({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge tone={verified ? 'success' : 'neutral'}>
      {t(verified ? 'account.email.verified' : 'account.email.unverified')}
    </Badge>
  );
}

/** Under an address not confirmed yet: what to do, and a new link on demand (said politely once sent). */
export function ResendVerification({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  return (
    <div className="email-confirmation">
      <p className="email-confirmation__text">{t('account.email.unverifiedText')}</p>
      <div>
        <Button size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {t('account.email.resend')}
        </Button>
      </div>
      {/* Asked too often, the server says when to try again (RATE_LIMITED, in the person's language). */}
      {resend.isError && <Alert tone="error">{errorMessage(t, resend.error, 'account.linkError')}</Alert>}
      <StatusMessage message={resend.isSuccess ? t('account.email.resent', { email }) : null} />
    </div>
  );
}
