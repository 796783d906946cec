import type { FormEvent, ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';

export interface ProfileFormCardProps {
  /** The id of the card's heading, which names the form. */
  titleId: string;
  title: string;
  /** The form kit's ref (focus after a refusal) and its refusal that names no field. */
  form: { ref: RefObject<HTMLFormElement | null>; refusal: string | undefined };
  onSubmit: (event: FormEvent) => void;
  /** Shown once saved, until the next edit. */
  savedNotice: string | null;
  pending: boolean;
  submitLabel: string;
  children: ReactNode;
}

/** The frame of the profile page's forms: a titled card, its fields, the refusal or saved notice, Save. */
export function ProfileFormCard({
  titleId,
  title,
  form,
  onSubmit,
  savedNotice,
  pending,
  submitLabel,
  children,
}: ProfileFormCardProps) {
  const { t } = useTranslation();
  return (
    <form ref={form.ref} className="profile-card" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId} className="profile-card__title">
        {title}
      </h2>
      <div className="profile-grid">{children}</div>
      {form.refusal && <Alert tone="error">{form.refusal}</Alert>}
      {savedNotice && <Alert tone="success">{savedNotice}</Alert>}
      <div className="profile-actions">
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? t('profile.saving') : submitLabel}
        </Button>
      </div>
    </form>
  );
}
