import type { TextareaHTMLAttributes } from 'react';
import { FieldShell } from './Field.js';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  /** A line under the field (what it is for, its limit), read with it as its description. */
  hint?: string;
  /** Classes added to the field's own (`field`); `className` adds to the input's. */
  fieldClassName?: string;
}

/** Labelled multi-line input. */
export function TextAreaField({ label, hint, fieldClassName, className, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={undefined} hint={hint} className={fieldClassName}>
      {(ids) => (
        <textarea {...textarea} {...ids} className={['field__input', className].filter(Boolean).join(' ')} />
      )}
    </FieldShell>
  );
}
