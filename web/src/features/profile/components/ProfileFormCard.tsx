import { type FormEvent, type ReactNode, type RefObject, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldRules, type FormValues, useForm } from '../../../shared/forms/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { refusalMessage } from './refusal-message.js';
import '../../../shared/ui/surfaces.css';

/**
 * A profile form's state: the form kit's (`useForm`), plus its "saved" notice, shown from `markSaved()`
 * until the next edit (`markSaved(text)` says more than "saved"), and `refused(error)`, which shows a
 * refused save in the person's language.
 */
export function useProfileForm<T extends FormValues<T>>({
  initial,
  rules,
  errorKey,
}: {
  initial: T;
  rules: FieldRules<T>;
  /** The text of a refusal the server does not explain. */
  errorKey: string;
}) {
  const { t } = useTranslation();
  // The notice's own text, or '' for the card's "saved".
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm({ initial, rules, onEdit: () => setSaved(null) });
  return {
    ...form,
    saved: saved !== null,
    savedText: saved || undefined,
    markSaved: (text = '') => setSaved(text),
    refused: (error: unknown) => form.refuse(error, refusalMessage(t, error, errorKey)),
  };
}

export interface ProfileFormCardProps {
  /** Where the card's texts are: `<texts>.title`, `<texts>.submit` and `<texts>.saved`. */
  texts: 'profile.form' | 'profile.password';
  /** From `useProfileForm`. */
  form: {
    ref: RefObject<HTMLFormElement | null>;
    refusal: string | undefined;
    saved: boolean;
    /** Said instead of `<texts>.saved`. */
    savedText?: string | undefined;
    submit(): boolean;
  };
  /** Sends the values, once the form's rules pass. */
  onSend: () => void;
  pending: boolean;
  children: ReactNode;
}

/** The frame of the profile page's forms: a titled card, its fields, the refusal or saved notice, Save. */
export function ProfileFormCard({ texts, form, onSend, pending, children }: ProfileFormCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.submit()) onSend();
  };
  return (
    <form ref={form.ref} className="card profile-card" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId} className="profile-card__title">
        {t(`${texts}.title`)}
      </h2>
      <div className="profile-grid">{children}</div>
      {form.refusal && <Alert tone="error">{form.refusal}</Alert>}
      {form.saved && <Alert tone="success">{form.savedText ?? t(`${texts}.saved`)}</Alert>}
      <div className="profile-actions">
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? t('profile.saving') : t(`${texts}.submit`)}
        </Button>
      </div>
    </form>
  );
}
