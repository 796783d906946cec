import type { Language } from '../../../../common/constants.js';

/** The signed-in person as GET /api/auth/me returns it. */
export interface User {
  id: number;
  readableId: string;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  language: Language;
  isActive: boolean;
  isAdmin: boolean;
  createdAt: string;
  voteCount: number;
}

export interface AuthResult {
  user: User;
  accessToken: string;
  token: string;
  refreshToken: string;
}

export interface LoginInput {
  email: string;
  password: string;
}

export interface RegisterInput extends LoginInput {
  username: string;
  language: Language;
}

export type AuthMode = 'login' | 'register';
