import type { ReactNode } from 'react';
import './chip.css';

/** A field a submit button adds to its form's submission. */
export interface SubmittedField {
  name: string;
  value: string;
}

/**
 * A toggle in a row of filters (a tag, a tag type): a pill that is filled while it is pressed. Given
 * `submits`, it is also its form's submit button, adding that field to the form's own (or nothing, for
 * `null`): what it does when no script runs (the form's own submit handler stops the submission when
 * one does).
 */
export function Chip({
  pressed,
  onClick,
  submits,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  submits?: SubmittedField | null;
  children: ReactNode;
}) {
  return (
    <button
      type={submits === undefined ? 'button' : 'submit'}
      name={submits?.name}
      value={submits?.value}
      className="chip"
      aria-pressed={pressed}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
