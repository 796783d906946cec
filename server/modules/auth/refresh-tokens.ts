import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/readable-id.js';
import type { Database } from '../../db/schema.js';
import { errors } from '../../http/errors.js';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Opaque refresh tokens, stored only as SHA-256 hashes and rotated on every use. All tokens rotated
 * from one login form a family; presenting a spent token means it leaked, so the family is revoked.
 */
export class RefreshTokens {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlDays: number,
  ) {}

  private async insert(userId: number, familyId: string, db: Kysely<Database> = this.db): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await db
      .insertInto('refresh_tokens')
      .values({
        user_id: userId,
        family_id: familyId,
        token_hash: sha256(token),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + this.ttlDays * 86_400_000).toISOString(),
      })
      .execute();
    return token;
  }

  issue(userId: number): Promise<string> {
    return this.insert(userId, randomUUID());
  }

  /** Spends a refresh token and returns its successor with the owner's id. */
  async rotate(token: string): Promise<{ userId: number; refreshToken: string }> {
    const outcome = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst();
      if (!row || row.revoked_at) return { kind: 'invalid' as const };
      if (row.used_at) return { kind: 'reused' as const, familyId: row.family_id };
      if (row.expires_at <= nowIso()) return { kind: 'invalid' as const };
      // Compare-and-set: of two concurrent rotations of the same token exactly one wins.
      const spent = await trx
        .updateTable('refresh_tokens')
        .set({ used_at: nowIso() })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) !== 1) return { kind: 'reused' as const, familyId: row.family_id };
      const refreshToken = await this.insert(row.user_id, row.family_id, trx);
      return { kind: 'rotated' as const, userId: row.user_id, refreshToken };
    });
    if (outcome.kind === 'rotated') return { userId: outcome.userId, refreshToken: outcome.refreshToken };
    if (outcome.kind === 'reused') {
      await this.revokeFamily(outcome.familyId);
      throw errors.invalidToken('Refresh token already used; the session was ended for safety');
    }
    throw errors.invalidToken('Invalid or expired refresh token');
  }

  async ownerOf(token: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select('user_id')
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    return row?.user_id;
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: nowIso() })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Logout: ends the session (the whole family) the token belongs to. */
  async revokeSessionOf(token: string): Promise<void> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (row) await this.revokeFamily(row.family_id);
  }

  /** Ends every session of a user, except the one a token belongs to when given. */
  async revokeAllOf(userId: number, exceptToken?: string): Promise<void> {
    let keepFamily: string | undefined;
    if (exceptToken) {
      keepFamily = (
        await this.db
          .selectFrom('refresh_tokens')
          .select('family_id')
          .where('token_hash', '=', sha256(exceptToken))
          .where('user_id', '=', userId)
          .executeTakeFirst()
      )?.family_id;
    }
    let query = this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: nowIso() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepFamily) query = query.where('family_id', '!=', keepFamily);
    await query.execute();
  }
}
