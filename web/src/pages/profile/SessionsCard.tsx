import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../features/auth/index.js';
import { Button } from '../../shared/ui/Button.js';
import '../../shared/ui/surfaces.css';

/** "Sign out everywhere": ends every session of the account, this one included (a lost phone, a shared computer). */
export function SessionsCard() {
  const { t } = useTranslation();
  const logout = useLogout();
  const [pending, setPending] = useState(false);
  return (
    <section className="card profile-card" aria-labelledby="sessions-card-title">
      <h2 id="sessions-card-title" className="profile-card__title">
        {t('profile.sessions.title')}
      </h2>
      <p className="profile-muted">{t('profile.sessions.text')}</p>
      <div className="profile-actions">
        <Button
          type="button"
          disabled={pending}
          onClick={() => {
            setPending(true);
            void logout({ everywhere: true });
          }}
        >
          {t('profile.sessions.everywhere')}
        </Button>
      </div>
    </section>
  );
}
