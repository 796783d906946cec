import { apiRequest } from '../../shared/api/index.js';
import type { LoginInput, RegisterInput, SessionDto, UserDto } from './types.js';

export function postLogin(input: LoginInput): Promise<SessionDto> {
  return apiRequest<SessionDto>('/auth/login', { method: 'POST', body: input });
}

export function postRegister(input: RegisterInput): Promise<SessionDto> {
  return apiRequest<SessionDto>('/auth/register', { method: 'POST', body: input });
}

export async function fetchMe(signal?: AbortSignal): Promise<UserDto> {
  const data = await apiRequest<{ user: UserDto }>('/auth/me', { signal });
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
