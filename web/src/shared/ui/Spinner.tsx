import { useTranslation } from 'react-i18next';
import './spinner.css';

/** An announced busy indicator; `label` overrides the generic "Loading…". */
export function Spinner({ label, size = 'md' }: { label?: string; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  return (
    <span role="status" className={`spinner spinner--${size}`}>
      <span className="visually-hidden">{label ?? t('status.loading')}</span>
    </span>
  );
}

/** Fills the page area while a route's data or code is on its way. */
export function PageSpinner() {
  return (
    <div className="page-spinner">
      <Spinner />
    </div>
  );
}
