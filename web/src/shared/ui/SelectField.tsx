import type { ReactNode, SelectHTMLAttributes } from 'react';
import { FieldShell } from './Field.js';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  /** Classes added to the field's own (`field`), such as a toolbar's. */
  fieldClassName?: string;
  children: ReactNode;
}

/** Labelled native select; its options are the children. */
export function SelectField({ label, fieldClassName, children, ...select }: SelectFieldProps) {
  return (
    <FieldShell label={label} error={undefined} hint={undefined} className={fieldClassName}>
      {(ids) => (
        <select {...select} {...ids} className="field__input">
          {children}
        </select>
      )}
    </FieldShell>
  );
}
