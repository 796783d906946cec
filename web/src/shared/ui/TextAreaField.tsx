import type { TextareaHTMLAttributes } from 'react';
import { FieldShell } from './Field.js';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  /** Classes added to the field's own (`field`); `className` adds to the input's. */
  fieldClassName?: string;
}

/** Labelled multi-line input. */
export function TextAreaField({ label, fieldClassName, className, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={undefined} hint={undefined} className={fieldClassName}>
      {(ids) => (
        <textarea {...textarea} {...ids} className={['field__input', className].filter(Boolean).join(' ')} />
      )}
    </FieldShell>
  );
}
