import type { InputHTMLAttributes } from 'react';
import { useId } from 'react';
import './field.css';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  /** One line under the label saying what ticking it does; read with it as its description. */
  hint?: string;
}

/** A checkbox with its label and a line of explanation, laid out as a choice of a RadioGroupField. */
export function CheckboxField({ label, hint, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="field-choice">
      <input
        {...input}
        id={id}
        type="checkbox"
        className="field-choice__input"
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id} className="field-choice__label">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint field-choice__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
