import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { tokenStore } from '../../shared/api/index.js';
import { fetchMe, postLogin, postLogout, postRegister } from './api.js';
import type { LoginInput, RegisterInput, SessionDto, UserDto } from './types.js';

export const sessionQueryKey = ['auth', 'session'] as const;

/** The current user (null when signed out); fetched once at start when both tokens exist. */
function useSessionQuery() {
  return useQuery<UserDto | null>({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => (tokenStore.hasSession() ? fetchMe(signal) : null),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export interface AuthState {
  user: UserDto | null;
  /** True until the start-up profile fetch has settled. */
  isLoading: boolean;
  isAdmin: boolean;
}

export function useAuth(): AuthState {
  const { data, isPending } = useSessionQuery();
  const user = data ?? null;
  return { user, isLoading: isPending, isAdmin: Boolean(user?.isAdmin) };
}

/** Keeps a session the server has just opened (login, registration, a reset link): its tokens and its user. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return (result: SessionDto) => {
    tokenStore.save(result);
    queryClient.setQueryData(sessionQueryKey, result.user);
  };
}

/** SPEC 5: the e-mail is trimmed and lower-cased, the password trimmed (on register too, see DESIGN). */
function normalizeCredentials<T extends LoginInput>(input: T): T {
  return { ...input, email: input.email.trim().toLowerCase(), password: input.password.trim() };
}

export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (input: LoginInput) => postLogin(normalizeCredentials(input)),
    onSuccess: startSession,
  });
}

export function useRegister() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      postRegister(normalizeCredentials({ ...input, username: input.username.trim() })),
    onSuccess: startSession,
  });
}

export interface LogoutOptions {
  /** Also ends the account's sessions on every other device. */
  everywhere?: boolean;
  /** Keeps a public page open, one that says why the session ended (a cancelled address change). */
  stay?: boolean;
  /** The server has ended the session itself (the account is deleted): there is nothing to tell it. */
  endedByServer?: boolean;
  /** The navigation state the home page receives: what it should say about the session's end. */
  homeState?: unknown;
}

/**
 * Signs out (this tab now, other tabs through the storage event) and goes home (see LogoutOptions for the
 * other endings).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async ({ everywhere = false, stay = false, endedByServer = false, homeState }: LogoutOptions = {}) => {
      const { refreshToken } = tokenStore.read();
      tokenStore.clear();
      // Leave protected pages first, or their guard would send us to /login instead of home.
      if (!stay) {
        flushSync(() => {
          void navigate('/', { state: homeState });
        });
      }
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, null);
      if (refreshToken && !endedByServer) await postLogout(refreshToken, everywhere).catch(() => undefined);
    },
    [navigate, queryClient],
  );
}
