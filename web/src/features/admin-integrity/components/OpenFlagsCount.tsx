import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../../shared/hooks/useNumberFormat.js';
import { Badge } from '../../../shared/ui/Badge.js';
import { useLanguage } from '../../i18n/index.js';
import { useOpenFlags } from '../api/integrity.js';

/**
 * How many bursts wait for a look, beside a way to the integrity screen (the admin panel's entry, its
 * card); nothing while there are none. The figure is shown, the words are read.
 */
export function OpenFlagsCount() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { number } = useNumberFormat();
  const open = useOpenFlags(language).data?.open ?? 0;
  if (open === 0) return null;
  return (
    <span className="pending-count">
      <Badge tone="danger">
        <span aria-hidden="true">{number(open)}</span>
        <span className="visually-hidden">{t('integrity.openFlags', { count: open })}</span>
      </Badge>
    </span>
  );
}
