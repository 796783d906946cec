import { apiRequest } from '../../shared/api/index.js';
import type { AuthResult, LoginInput, RegisterInput, User } from './types.js';

export function postLogin(input: LoginInput): Promise<AuthResult> {
  return apiRequest<AuthResult>('/auth/login', { method: 'POST', body: input });
}

export function postRegister(input: RegisterInput): Promise<AuthResult> {
  return apiRequest<AuthResult>('/auth/register', { method: 'POST', body: input });
}

export async function fetchMe(signal?: AbortSignal): Promise<User> {
  const data = await apiRequest<{ user: User }>('/auth/me', { signal });
  return data.user;
}

/**
 * Ends the refresh token's session on the server (with `everywhere`, every session of the account); needs
 * no bearer token, so it never triggers a refresh.
 */
export function postLogout(refreshToken: string, everywhere = false): Promise<unknown> {
  return apiRequest('/auth/logout', {
    method: 'POST',
    body: everywhere ? { refreshToken, everywhere } : { refreshToken },
    auth: false,
  });
}
