import type { DatabaseHandle } from '../../server/db/database.js';
import { AccessTokens } from '../../server/modules/auth/access-tokens.js';
import { resolveJwtSecret } from '../../server/modules/auth/jwt-secret.js';
import { BENCH_DATA_DIR } from './dataset.js';

/**
 * Access tokens for many benchmark users, signed with the server's own key, so that a load test does
 * not spend minutes on argon2 logins before it starts.
 */
export async function mintTokens(
  handle: DatabaseHandle,
  count: number,
): Promise<{ id: number; token: string }[]> {
  const secret = await resolveJwtSecret(handle, { dataDir: BENCH_DATA_DIR });
  const tokens = new AccessTokens(secret, 3600);
  const users = await handle.db
    .selectFrom('users')
    .select('id')
    .where('is_active', '=', 1)
    .orderBy('id')
    .limit(count)
    .execute();
  return Promise.all(users.map(async ({ id }) => ({ id, token: await tokens.sign(id) })));
}
