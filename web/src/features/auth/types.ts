/** The account and session shapes are the API's own (common/api/auth.ts): never re-declared here. */
export type { LoginInput, RegisterInput, SessionDto, UserDto } from '../../../../common/api/auth.js';

export type AuthMode = 'login' | 'register';

/** What the sign-in form hands the reset page: the address typed so far. */
export interface ResetPasswordState {
  email?: string;
}
