import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  emailChangeCancelledData,
  linkRequestedData,
  passwordResetBody,
} from '../../../../../common/api/account-links.js';
import type { SessionDto, UserDto } from '../../../../../common/api/auth.js';
import { apiRequest, isApiError, tokenStore } from '../../../shared/api/index.js';
import { sessionQueryKey, useLogout, useStartSession } from '../../auth/index.js';

/**
 * The links mailed about an account (common/api/account-links.ts): asking for a reset link, choosing a
 * new password with one, confirming an address, and asking for that confirmation again; confirming or
 * cancelling a change of address.
 */

type LinkRequested = z.infer<typeof linkRequestedData>;
type EmailChangeCancelled = z.infer<typeof emailChangeCancelledData>;
type PasswordResetInput = z.input<typeof passwordResetBody>;

/** A refused link: unknown, used or expired (INVALID_LINK), or a token that cannot be one. */
export function isInvalidLink(error: unknown): boolean {
  return isApiError(error) && (error.code === 'INVALID_LINK' || error.field === 'token');
}

/** Asks for a reset link; the answer is the same whether or not an account has the address. */
export function useRequestPasswordReset() {
  return useMutation({
    // Trimmed and lower-cased as a login sends it (SPEC 5).
    mutationFn: (email: string) =>
      apiRequest<LinkRequested>('/auth/password-reset', {
        method: 'POST',
        body: { email: email.trim().toLowerCase() },
      }),
  });
}

/** Sets the new password; the server ends every session and opens a fresh one, kept here as a login's. */
export function useResetPassword() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: ({ token, password }: PasswordResetInput) =>
      apiRequest<SessionDto>('/auth/password-reset/confirm', {
        method: 'POST',
        body: { token, password: password.trim() },
      }),
    onSuccess: startSession,
  });
}

/**
 * Confirms the address a link was sent to. The token names the account, so no bearer token goes with it
 * (a browser signed in as someone else, or with an ended session, confirms all the same). Whoever is
 * signed in here is read again, since the address may be theirs: the page says "confirmed" once their
 * account shows it.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<{ user: UserDto }>('/auth/verify-email', { method: 'POST', body: { token }, auth: false }),
    onSuccess: () =>
      tokenStore.hasSession() ? queryClient.invalidateQueries({ queryKey: sessionQueryKey }) : undefined,
  });
}

/** Sends the signed-in person a new link to confirm their address. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiRequest<LinkRequested>('/auth/verify-email/resend', { method: 'POST' }),
  });
}

/**
 * Confirms a new address with the link mailed to it. Like a verification, without a bearer token, and the
 * person signed in here is read again: the address that changed may be theirs.
 */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<{ user: UserDto }>('/auth/email-change/confirm', {
        method: 'POST',
        body: { token },
        auth: false,
      }),
    onSuccess: () =>
      tokenStore.hasSession() ? queryClient.invalidateQueries({ queryKey: sessionQueryKey }) : undefined,
  });
}

/**
 * Cancels a change of address with the link mailed to the old one. The server ends every session of the
 * account, so this tab signs out too, staying on the page that says so. The answer does not say whose
 * account it was: a tab signed in as someone else signs out as well (it can sign in again at once).
 */
export function useCancelEmailChange() {
  const logout = useLogout();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<EmailChangeCancelled>('/auth/email-change/cancel', {
        method: 'POST',
        body: { token },
        auth: false,
      }),
    onSuccess: () => (tokenStore.hasSession() ? logout({ stay: true }) : undefined),
  });
}

/** Drops the signed-in person's own change of address, from the profile, before it is confirmed. */
export function useDropEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ user: UserDto }>('/users/email-change', { method: 'DELETE' }),
    onSuccess: (data) => queryClient.setQueryData(sessionQueryKey, data.user),
  });
}
