import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons.js';
import './field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  error?: string | undefined;
  /** Said with the field (aria-describedby): a rule, or a state such as a badge. */
  hint?: ReactNode;
}

/** Labelled input whose error is tied to it by aria-describedby and aria-invalid. */
export function TextField({ label, error, hint, type = 'text', ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(ids) => <input {...input} {...ids} type={type} className="field__input" />}
    </FieldShell>
  );
}

/** Password input with a show/hide toggle that keeps the field's value and focus. */
export function PasswordField({ label, error, hint, ...input }: Omit<TextFieldProps, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(ids) => (
        <div className="field__password">
          <input {...input} {...ids} type={visible ? 'text' : 'password'} className="field__input" />
          <button
            type="button"
            className="icon-button field__toggle"
            aria-pressed={visible}
            aria-label={t(visible ? 'field.hidePassword' : 'field.showPassword')}
            onClick={() => setVisible((value) => !value)}
          >
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
      )}
    </FieldShell>
  );
}

export interface ControlIds {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

/** A field's frame: its label, the control `children` draws with the ids given, its hint and error. */
export function FieldShell({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: string;
  error: string | undefined;
  hint: ReactNode;
  className?: string | undefined;
  children: (ids: ControlIds) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error && 'field--invalid', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
