import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { statement } from '../../db/prepared-statements.js';

export interface NewRefreshToken {
  userId: number;
  sessionId: string;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
}

/** Which sessions to end: one, or every session of a user. */
export type SessionSelection = { sessionId: string } | { userId: number };

/** Every line of SQL about sessions and their refresh tokens (one aggregate: a token's family is its session). */
export class SessionsRepository {
  constructor(private readonly db: Executor) {}

  /**
   * The caller a token names, with its flags and whether the token's session is open (1), ended (0) or
   * unknown (null): one keyed read on every authenticated request, the session probed by its primary key.
   */
  async caller(userId: number, sessionId: string) {
    const [row] = await callerRead(this.db, { userId, sessionId });
    return row;
  }

  async insertSession(sessionId: string, userId: number, now: string, device: string | null): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({ id: sessionId, user_id: userId, created_at: now, device })
      .execute();
  }

  async markUsed(sessionId: string, now: string): Promise<void> {
    await this.db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', sessionId).execute();
  }

  /** A person's sessions as their data export lists them, newest first (ended ones too, until pruned). */
  ofUser(userId: number) {
    return this.db
      .selectFrom('sessions')
      .select(['created_at', 'last_used_at', 'ended_at', 'device'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute();
  }

  async insertToken(token: NewRefreshToken): Promise<void> {
    await this.db
      .insertInto('refresh_tokens')
      .values({
        user_id: token.userId,
        family_id: token.sessionId,
        token_hash: token.tokenHash,
        created_at: token.createdAt,
        expires_at: token.expiresAt,
      })
      .execute();
  }

  tokenByHash(tokenHash: string) {
    return this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Compare-and-set: true for the one caller that spends the token, false when it was spent already. */
  async spendToken(id: number, now: string): Promise<boolean> {
    const spent = await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(spent.numUpdatedRows) === 1;
  }

  /** The creation time of a token that is neither spent nor revoked. */
  async unspentTokenCreatedAt(tokenHash: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select('created_at')
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row?.created_at;
  }

  /** Ends sessions and revokes their refresh tokens; two statements, so run it in a transaction. */
  async end(which: SessionSelection, now: string): Promise<void> {
    let sessions = this.db.updateTable('sessions').set({ ended_at: now }).where('ended_at', 'is', null);
    let tokens = this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('revoked_at', 'is', null);
    if ('sessionId' in which) {
      sessions = sessions.where('id', '=', which.sessionId);
      tokens = tokens.where('family_id', '=', which.sessionId);
    } else {
      sessions = sessions.where('user_id', '=', which.userId);
      tokens = tokens.where('user_id', '=', which.userId);
    }
    await sessions.execute();
    await tokens.execute();
  }

  /** Deletes up to `limit` refresh tokens that expired before `now`; answers how many. */
  async deleteExpiredTokens(now: string, limit: number): Promise<number> {
    const deleted = await this.db
      .deleteFrom('refresh_tokens')
      .where('id', 'in', (eb) =>
        eb.selectFrom('refresh_tokens').select('id').where('expires_at', '<', now).limit(limit),
      )
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }

  /**
   * Deletes up to `limit` sessions started before `startedBefore` that hold no refresh token any more:
   * every token expired and was deleted, so nothing can refresh them, and their last access token
   * expired long before.
   */
  async deleteSessionsWithoutTokens(startedBefore: string, limit: number): Promise<number> {
    const deleted = await this.db
      .deleteFrom('sessions')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('sessions as s')
          .select('s.id')
          .where('s.created_at', '<', startedBefore)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(selectFrom('refresh_tokens as t').select('t.id').whereRef('t.family_id', '=', 's.id')),
            ),
          )
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }
}

const callerRead = statement((db, { userId, sessionId }: { userId: number; sessionId: string }) =>
  db
    .selectFrom('users as u')
    .select(['u.id', 'u.username', 'u.is_active', 'u.is_admin', 'u.created_at', 'u.email_verified_at'])
    .select((eb) =>
      eb
        .selectFrom('sessions as s')
        .select(sql<number>`case when s.ended_at is null then 1 else 0 end`.as('open'))
        .where('s.id', '=', sessionId)
        .whereRef('s.user_id', '=', 'u.id')
        .as('session_open'),
    )
    .where('u.id', '=', userId),
);
