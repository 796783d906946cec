import type { ButtonHTMLAttributes, Ref } from 'react';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, Omit<ButtonLook, 'className'> {
  ref?: Ref<HTMLButtonElement>;
}

/** The look of a button, for what acts as one but is another element (a link, a form's own submit). */
export interface ButtonLook {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  /** Stretches to the container's width (forms, phone layouts). */
  block?: boolean;
  className?: string;
}

/** The classes that give an element a button's look: one list, for buttons and the links that look like them. */
export function buttonClasses({
  variant = 'secondary',
  size = 'md',
  block = false,
  className,
}: ButtonLook = {}) {
  return ['button', `button--${variant}`, `button--${size}`, block && 'button--block', className]
    .filter(Boolean)
    .join(' ');
}

export function Button({ variant, size, block, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, block, className })} {...props} />;
}
