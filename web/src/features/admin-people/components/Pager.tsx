import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button.js';

/** Previous / next over an offset-paged list, with "from–to of total". */
export function Pager({
  offset,
  pageSize,
  total,
  onChange,
}: {
  offset: number;
  pageSize: number;
  total: number;
  onChange: (offset: number) => void;
}) {
  const { t } = useTranslation();
  if (total <= pageSize && offset === 0) return null;
  return (
    <nav className="pager" aria-label={t('adminPeople.pager.label')}>
      <Button size="sm" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - pageSize))}>
        {t('adminPeople.pager.previous')}
      </Button>
      <span className="pager__status">
        {t('adminPeople.pager.status', {
          from: Math.min(total, offset + 1),
          to: Math.min(total, offset + pageSize),
          total,
        })}
      </span>
      <Button size="sm" disabled={offset + pageSize >= total} onClick={() => onChange(offset + pageSize)}>
        {t('adminPeople.pager.next')}
      </Button>
    </nav>
  );
}
