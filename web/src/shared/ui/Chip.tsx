import type { ReactNode } from 'react';
import './chip.css';

/** A toggle in a row of filters (a tag, a tag type): a pill that is filled while it is pressed. */
export function Chip({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="chip" aria-pressed={pressed} onClick={onClick}>
      {children}
    </button>
  );
}
