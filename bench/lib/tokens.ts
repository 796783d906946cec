import { systemClock } from '../../server/clock/clock.js';
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
  /** The server's DATA_DIR, where a SQLite server keeps its key. */
  dataDir = BENCH_DATA_DIR,
): Promise<{ id: number; token: string }[]> {
  const secret = await resolveJwtSecret(handle, { dataDir });
  const tokens = new AccessTokens(secret, 3600, systemClock);
  const users = await handle.db
    .selectFrom('users')
    .select('id')
    .where('is_active', '=', 1)
    .orderBy('id')
    .limit(count)
    .execute();
  // Each bench user gets a session of its own, as a login would give: the guard checks it on every request.
  // Kept from run to run (an update each run would leave 5,000 dead rows behind on an unvacuumed database).
  const sessionId = (id: number) => `bench-${id}`;
  const createdAt = new Date().toISOString();
  for (let i = 0; i < users.length; i += 1_000) {
    await handle.db
      .insertInto('sessions')
      .values(
        users
          .slice(i, i + 1_000)
          .map(({ id }) => ({ id: sessionId(id), user_id: id, created_at: createdAt })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  return Promise.all(
    users.map(async ({ id }) => ({ id, token: await tokens.sign({ userId: id, sessionId: sessionId(id) }) })),
  );
}
