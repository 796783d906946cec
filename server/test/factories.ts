import { randomBytes } from 'node:crypto';
import type { TestServer } from './server.js';

let counter = 0;

export interface TestUser {
  id: number;
  username: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

/** Registers a fresh user through the API and returns their credentials and tokens. */
export async function registerUser(
  server: TestServer,
  overrides: Partial<{ username: string; email: string; password: string; language: string }> = {},
): Promise<TestUser> {
  counter += 1;
  const suffix = `${counter}${randomBytes(3).toString('hex')}`;
  const input = {
    username: `user_${suffix}`,
    email: `user_${suffix}@example.test`,
    password: 'correct horse',
    ...overrides,
  };
  const response = await server.request('POST', '/api/auth/register', { body: input });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${response.text}`);
  const { user, accessToken, refreshToken } = response.body.data;
  return { id: user.id, ...input, accessToken, refreshToken };
}

/** A registered user promoted to administrator directly in the database. */
export async function createAdmin(server: TestServer): Promise<TestUser> {
  const admin = await registerUser(server);
  await server.ctx.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', admin.id).execute();
  return admin;
}
