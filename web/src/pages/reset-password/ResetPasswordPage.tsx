import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  NewPasswordForm,
  type PasswordResetDoneState,
  PasswordResetRequestForm,
} from '../../features/account-links/index.js';
import type { ResetPasswordState } from '../../features/auth/index.js';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle.js';
import { CardPage } from '../../shared/ui/CardPage.js';

/**
 * /reset-password: without a token, asks for a link by e-mail; with the token of the mailed link
 * (`?token=`), chooses the new password, then goes to the profile signed in.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const location = useLocation();
  const navigate = useNavigate();
  const title = t(token ? 'account.reset.new.title' : 'account.reset.request.title');
  useDocumentTitle(title);

  // "Ask for a new link" changes only the query: the layout moves no focus, so the new card's title takes it.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownToken = useRef(token);
  useEffect(() => {
    if (shownToken.current === token) return;
    shownToken.current = token;
    titleRef.current?.focus();
  }, [token]);

  const done: PasswordResetDoneState = { passwordReset: true };
  return (
    <CardPage title={title} titleRef={titleRef}>
      {token ? (
        <NewPasswordForm
          key={token}
          token={token}
          // Replaced: going back must not open a link that has served.
          onReset={() => void navigate('/profile', { replace: true, state: done })}
        />
      ) : (
        // Keyed by the visit: "Forgot password?" from the dialog opened on this very page brings its address too.
        <PasswordResetRequestForm
          key={location.key}
          initialEmail={(location.state as ResetPasswordState | null)?.email}
        />
      )}
    </CardPage>
  );
}
