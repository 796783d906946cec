import type { ReactNode } from 'react';
import './chip.css';

/**
 * A toggle in a row of filters (a tag, a tag type): a pill that is filled while it is pressed. Given a
 * `name`, it is also its form's submit button with that field and `value`: what it does when no script
 * runs (the form's own submit handler stops the submission when one does).
 */
export function Chip({
  pressed,
  onClick,
  name,
  value,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  name?: string;
  value?: string;
  children: ReactNode;
}) {
  return (
    <button
      type={name ? 'submit' : 'button'}
      name={name}
      value={value}
      className="chip"
      aria-pressed={pressed}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
