import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../../clock/clock.js';
import type { Executor } from '../../db/executor.js';
import { errors } from '../../http/errors.js';
import { type SessionSelection, SessionsRepository } from './sessions-repository.js';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A refresh token presented again within this time after its rotation gets the same successor: the
 * client most likely lost the answer and retried (RFC 9700 section 4.14.2 allows such a window). Later,
 * a spent token means it leaked, and its session ends.
 */
export const REFRESH_RETRY_GRACE_MS = 10_000;

/** Rows deleted per statement when pruning. */
const PRUNE_BATCH = 1000;

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
    private readonly db: Executor,
    private readonly ttlDays: number,
    private readonly successorKey: Buffer,
    private readonly clock: Clock,
  ) {}

  /** `secret` is the signing key; the successors' key is derived from it. */
  static create(db: Executor, ttlDays: number, secret: Uint8Array, clock: Clock): Sessions {
    return new Sessions(
      db,
      ttlDays,
      createHmac('sha256', secret).update('podium refresh-token successor').digest(),
      clock,
    );
  }

  /** The same store working inside the caller's transaction. */
  within(trx: Executor): Sessions {
    return new Sessions(trx, this.ttlDays, this.successorKey, this.clock);
  }

  /** Runs `work` in a transaction, or in the caller's when this store was given one. */
  private atomically<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
  }

  private successorOf(token: string): string {
    return createHmac('sha256', this.successorKey).update(token).digest('base64url');
  }

  private async insertToken(
    trx: Executor,
    userId: number,
    sessionId: string,
    token: string,
  ): Promise<string> {
    const now = this.clock.now();
    const createdAt = new Date(now).toISOString();
    await new SessionsRepository(trx).insertToken({
      userId,
      sessionId,
      tokenHash: sha256(token),
      createdAt,
      expiresAt: new Date(now + this.ttlDays * 86_400_000).toISOString(),
    });
    return createdAt;
  }

  /** Opens a session from `device` (a User-Agent, or null); answers its id and first refresh token. */
  async open(userId: number, device: string | null): Promise<RotatedSession> {
    const sessionId = randomUUID();
    const refreshToken = randomBytes(32).toString('base64url');
    const issuedAt = await this.atomically(async (trx) => {
      await new SessionsRepository(trx).insertSession(sessionId, userId, this.clock.nowIso(), device);
      return this.insertToken(trx, userId, sessionId, refreshToken);
    });
    return { userId, sessionId, refreshToken, issuedAt };
  }

  /** Spends a refresh token and answers its successor; a retry within the grace window gets the same one. */
  async rotate(token: string): Promise<RotatedSession> {
    const outcome = await this.atomically(async (trx) => {
      const tokens = new SessionsRepository(trx);
      const row = await tokens.tokenByHash(sha256(token));
      if (!row || row.revoked_at) return { kind: 'invalid' as const };
      const successor = this.successorOf(token);
      const session = { userId: row.user_id, sessionId: row.family_id, refreshToken: successor };
      if (row.used_at) {
        const retried = await this.unspentSuccessor(trx, row.used_at, successor);
        return retried ? { kind: 'rotated' as const, ...session, issuedAt: retried } : reused(row.family_id);
      }
      const now = this.clock.nowIso();
      if (row.expires_at <= now) return { kind: 'invalid' as const };
      // Compare-and-set: of two concurrent rotations of the same token exactly one wins; the other reads
      // the winner's successor as a retry.
      if (!(await tokens.spendToken(row.id, now))) {
        const retried = await this.unspentSuccessor(trx, now, successor);
        return retried ? { kind: 'rotated' as const, ...session, issuedAt: retried } : reused(row.family_id);
      }
      const issuedAt = await this.insertToken(trx, row.user_id, row.family_id, successor);
      await tokens.markUsed(row.family_id, now);
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
    trx: Executor,
    usedAt: string,
    successor: string,
  ): Promise<string | undefined> {
    if (this.clock.now() - Date.parse(usedAt) > REFRESH_RETRY_GRACE_MS) return undefined;
    return new SessionsRepository(trx).unspentTokenCreatedAt(sha256(successor));
  }

  async ownerOf(token: string): Promise<number | undefined> {
    const row = await new SessionsRepository(this.db).tokenByHash(sha256(token));
    return row?.user_id;
  }

  /** Ends one session: its refresh tokens stop working, and so do its access tokens. */
  end(sessionId: string): Promise<void> {
    return this.endWhere({ sessionId });
  }

  /** Logout: ends the session the refresh token belongs to. */
  async endSessionOf(token: string): Promise<void> {
    const row = await new SessionsRepository(this.db).tokenByHash(sha256(token));
    if (row) await this.end(row.family_id);
  }

  /** Ends every session of a user (a password change, "sign out everywhere", a deactivation). */
  endAllOf(userId: number): Promise<void> {
    return this.endWhere({ userId });
  }

  /**
   * Deletes what can never be used again, `batch` rows per statement so that no statement holds the
   * database long: refresh tokens past their expiry (spent, revoked or not), then the sessions left
   * with no token that started longer ago than a token lives (so every token they had has expired;
   * a younger one without tokens is being opened, or was opened without any, as the bench's are).
   * Answers how many of each went.
   */
  async prune(batch = PRUNE_BATCH): Promise<{ tokens: number; sessions: number }> {
    const repository = new SessionsRepository(this.db);
    const now = this.clock.nowIso();
    const oldestLiveStart = new Date(this.clock.now() - this.ttlDays * 86_400_000).toISOString();
    const drain = async (step: () => Promise<number>) => {
      let total = 0;
      for (;;) {
        const deleted = await step();
        total += deleted;
        if (deleted < batch) return total;
      }
    };
    const tokens = await drain(() => repository.deleteExpiredTokens(now, batch));
    const sessions = await drain(() => repository.deleteSessionsWithoutTokens(oldestLiveStart, batch));
    return { tokens, sessions };
  }

  private endWhere(which: SessionSelection): Promise<void> {
    return this.atomically((trx) => new SessionsRepository(trx).end(which, this.clock.nowIso()));
  }
}

function reused(sessionId: string) {
  return { kind: 'reused' as const, sessionId };
}
