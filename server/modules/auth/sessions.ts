import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/timestamps.js';
import { errors } from '../../http/errors.js';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A refresh token presented again within this time after its rotation gets the same successor: the
 * client most likely lost the answer and retried (RFC 9700 section 4.14.2 allows such a window). Later,
 * a spent token means it leaked, and its session ends.
 */
export const REFRESH_RETRY_GRACE_MS = 10_000;

/** A session's new pair of tokens is signed for `issuedAt`, so that a retried refresh gets the same pair. */
export interface RotatedSession {
  userId: number;
  sessionId: string;
  refreshToken: string;
  issuedAt: string;
}

/**
 * Sessions and their refresh tokens. A session is a login and every refresh rotated from it; access
 * tokens name their session, and the auth guard refuses those whose session has ended, so ending one here
 * stops its access tokens at once on every app server. Refresh tokens are opaque, stored only as SHA-256
 * hashes and rotated on every use.
 */
export class Sessions {
  /** Successors are derived from the spent token under a server key, so a retry can be given the same one. */
  private constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlDays: number,
    private readonly successorKey: Buffer,
  ) {}

  /** `secret` is the signing key; the successors' key is derived from it. */
  static create(db: Kysely<Database>, ttlDays: number, secret: Uint8Array): Sessions {
    return new Sessions(
      db,
      ttlDays,
      createHmac('sha256', secret).update('podium refresh-token successor').digest(),
    );
  }

  /** The same store working inside the caller's transaction. */
  within(trx: Kysely<Database>): Sessions {
    return new Sessions(trx, this.ttlDays, this.successorKey);
  }

  /** Runs `work` in a transaction, or in the caller's when this store was given one. */
  private atomically<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
  }

  private successorOf(token: string): string {
    return createHmac('sha256', this.successorKey).update(token).digest('base64url');
  }

  private async insertToken(
    db: Kysely<Database>,
    userId: number,
    sessionId: string,
    token: string,
  ): Promise<string> {
    const now = new Date();
    const createdAt = now.toISOString();
    await db
      .insertInto('refresh_tokens')
      .values({
        user_id: userId,
        family_id: sessionId,
        token_hash: sha256(token),
        created_at: createdAt,
        expires_at: new Date(now.getTime() + this.ttlDays * 86_400_000).toISOString(),
      })
      .execute();
    return createdAt;
  }

  /** Opens a session; answers its id and first refresh token. */
  async open(userId: number): Promise<RotatedSession> {
    const sessionId = randomUUID();
    const refreshToken = randomBytes(32).toString('base64url');
    const issuedAt = await this.atomically(async (trx) => {
      await trx
        .insertInto('sessions')
        .values({ id: sessionId, user_id: userId, created_at: nowIso() })
        .execute();
      return this.insertToken(trx, userId, sessionId, refreshToken);
    });
    return { userId, sessionId, refreshToken, issuedAt };
  }

  /** Spends a refresh token and answers its successor; a retry within the grace window gets the same one. */
  async rotate(token: string): Promise<RotatedSession> {
    const outcome = await this.atomically(async (trx) => {
      const row = await trx
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst();
      if (!row || row.revoked_at) return { kind: 'invalid' as const };
      const successor = this.successorOf(token);
      const session = { userId: row.user_id, sessionId: row.family_id, refreshToken: successor };
      if (row.used_at) {
        const retried = await this.unspentSuccessor(trx, row.used_at, successor);
        return retried ? { kind: 'rotated' as const, ...session, issuedAt: retried } : reused(row.family_id);
      }
      if (row.expires_at <= nowIso()) return { kind: 'invalid' as const };
      // Compare-and-set: of two concurrent rotations of the same token exactly one wins; the other reads
      // the winner's successor as a retry.
      const spent = await trx
        .updateTable('refresh_tokens')
        .set({ used_at: nowIso() })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) !== 1) {
        const retried = await this.unspentSuccessor(trx, nowIso(), successor);
        return retried ? { kind: 'rotated' as const, ...session, issuedAt: retried } : reused(row.family_id);
      }
      const issuedAt = await this.insertToken(trx, row.user_id, row.family_id, successor);
      return { kind: 'rotated' as const, ...session, issuedAt };
    });
    if (outcome.kind === 'rotated') {
      const { kind: _, ...rotated } = outcome;
      return rotated;
    }
    if (outcome.kind === 'reused') {
      await this.end(outcome.sessionId);
      throw errors.invalidToken('Refresh token already used; the session was ended for safety');
    }
    throw errors.invalidToken('Invalid or expired refresh token');
  }

  /** The successor's creation time when the spend was recent and the successor is still unspent. */
  private async unspentSuccessor(
    trx: Kysely<Database>,
    usedAt: string,
    successor: string,
  ): Promise<string | undefined> {
    if (Date.now() - Date.parse(usedAt) > REFRESH_RETRY_GRACE_MS) return undefined;
    const row = await trx
      .selectFrom('refresh_tokens')
      .select('created_at')
      .where('token_hash', '=', sha256(successor))
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row?.created_at;
  }

  async ownerOf(token: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select('user_id')
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Ends one session: its refresh tokens stop working, and so do its access tokens. */
  end(sessionId: string): Promise<void> {
    return this.endWhere({ sessionId });
  }

  /** Logout: ends the session the refresh token belongs to. */
  async endSessionOf(token: string): Promise<void> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (row) await this.end(row.family_id);
  }

  /** Ends every session of a user (a password change, "sign out everywhere", a deactivation). */
  endAllOf(userId: number): Promise<void> {
    return this.endWhere({ userId });
  }

  private endWhere(which: { sessionId: string } | { userId: number }): Promise<void> {
    return this.atomically(async (trx) => {
      const now = nowIso();
      let sessions = trx.updateTable('sessions').set({ ended_at: now }).where('ended_at', 'is', null);
      let tokens = trx.updateTable('refresh_tokens').set({ revoked_at: now }).where('revoked_at', 'is', null);
      if ('sessionId' in which) {
        sessions = sessions.where('id', '=', which.sessionId);
        tokens = tokens.where('family_id', '=', which.sessionId);
      } else {
        sessions = sessions.where('user_id', '=', which.userId);
        tokens = tokens.where('user_id', '=', which.userId);
      }
      await sessions.execute();
      await tokens.execute();
    });
  }
}

function reused(sessionId: string) {
  return { kind: 'reused' as const, sessionId };
}
