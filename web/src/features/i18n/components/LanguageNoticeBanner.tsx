import { useTranslation } from 'react-i18next';
import { Alert } from '../../../shared/ui/Alert.js';
import { useLanguage } from '../language-context.js';

export function LanguageNoticeBanner() {
  const { t } = useTranslation();
  const { notice, dismissNotice } = useLanguage();
  if (!notice) return null;
  return (
    <Alert tone="error" onDismiss={dismissNotice}>
      {t(notice.key, notice.params)}
    </Alert>
  );
}
