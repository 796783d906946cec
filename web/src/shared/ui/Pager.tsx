import { useTranslation } from 'react-i18next';
import { Button } from './Button.js';
import './pager.css';

export interface PagerProps {
  offset: number;
  pageSize: number;
  total: number;
  onChange: (offset: number) => void;
}

/** Previous / next over an offset-paged list, with "from–to of total"; nothing when one page holds it all. */
export function Pager({ offset, pageSize, total, onChange }: PagerProps) {
  const { t } = useTranslation();
  if (total <= pageSize && offset === 0) return null;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <Button size="sm" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - pageSize))}>
        {t('pager.previous')}
      </Button>
      <span className="pager__status">
        {t('pager.status', {
          from: Math.min(total, offset + 1),
          to: Math.min(total, offset + pageSize),
          total,
        })}
      </span>
      <Button size="sm" disabled={offset + pageSize >= total} onClick={() => onChange(offset + pageSize)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
