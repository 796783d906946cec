import { useTranslation } from 'react-i18next';
import { Alert } from '../../../shared/ui/Alert.js';
import { useAuthDialog } from './auth-dialog-context.js';

/** The welcome a person reads on the page once their account exists (the sign-up dialog has closed). */
export function WelcomeNotice() {
  const { t } = useTranslation();
  const { welcome, dismissWelcome } = useAuthDialog();
  if (!welcome) return null;
  return (
    <Alert tone="success" onDismiss={dismissWelcome}>
      {t('auth.welcome', { name: welcome })}
    </Alert>
  );
}
