import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type To } from 'react-router';
import { Button, buttonClasses } from './Button.js';
import './pager.css';

interface PagerPosition {
  offset: number;
  pageSize: number;
  total: number;
}

/**
 * Where a step leads: `onChange` for a list whose page lives in the component (an admin table), or
 * `addressOf` for one whose page lives in the address (a hub): its steps are then links, which page
 * without JavaScript too and which crawlers follow.
 */
export type PagerProps = PagerPosition &
  (
    | { onChange: (offset: number) => void; addressOf?: never; onStep?: never }
    | {
        addressOf: (offset: number) => To;
        /** Called when a step's link is followed in this tab, before the address changes. */
        onStep?: () => void;
        onChange?: never;
      }
  );

/** A click that follows a link in this tab: not one that opens it elsewhere. */
const followsInPlace = (event: MouseEvent) =>
  event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

/** Previous / next over an offset-paged list, with "from–to of total"; nothing when one page holds it all. */
export function Pager(props: PagerProps) {
  const { offset, pageSize, total } = props;
  const { t } = useTranslation();
  if (total <= pageSize && offset === 0) return null;

  /** One step, to the list at `target`, or a disabled button where there is no page to go to. */
  const step = (target: number | null, rel: 'prev' | 'next', label: string) => {
    if (target === null)
      return (
        <Button size="sm" disabled>
          {label}
        </Button>
      );
    if (props.addressOf)
      return (
        <Link
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          rel={rel}
          to={props.addressOf(target)}
          onClick={(event) => {
            if (followsInPlace(event)) props.onStep?.();
          }}
        >
          {label}
        </Link>
      );
    return (
      <Button size="sm" onClick={() => props.onChange(target)}>
        {label}
      </Button>
    );
  };

  return (
    <nav className="pager" aria-label={t('pager.label')}>
      {step(offset === 0 ? null : Math.max(0, offset - pageSize), 'prev', t('pager.previous'))}
      <span className="pager__status">
        {t('pager.status', {
          from: Math.min(total, offset + 1),
          to: Math.min(total, offset + pageSize),
          total,
        })}
      </span>
      {step(offset + pageSize >= total ? null : offset + pageSize, 'next', t('pager.next'))}
    </nav>
  );
}
