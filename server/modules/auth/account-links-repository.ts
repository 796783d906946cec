import type { LinkPurpose } from '../../../common/api/account-links.js';
import type { Executor } from '../../db/executor.js';

/** The SQL of mailed account links (migration 0026). */
export class AccountLinksRepository {
  constructor(private readonly db: Executor) {}

  async insert(link: {
    userId: number;
    purpose: LinkPurpose;
    email: string;
    createdAt: string;
    expiresAt: string;
  }): Promise<number> {
    const row = await this.db
      .insertInto('account_links')
      .values({
        user_id: link.userId,
        purpose: link.purpose,
        email: link.email,
        created_at: link.createdAt,
        expires_at: link.expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  find(id: number) {
    return this.db.selectFrom('account_links').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The unused, unexpired link of this purpose whose token hashes to `tokenHash`. */
  findUsable(tokenHash: string, purpose: LinkPurpose, now: string) {
    return this.db
      .selectFrom('account_links')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Keeps the hash of the token its message carries; false when the link was used meanwhile. */
  async setTokenHash(id: number, tokenHash: string): Promise<boolean> {
    const result = await this.db
      .updateTable('account_links')
      .set({ token_hash: tokenHash })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Uses the link; false when it was used already (two clicks at once: one wins). */
  async use(id: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('account_links')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Ends every unused link of this purpose of the account (a password changed: older reset links die). */
  async revokeAll(userId: number, purpose: LinkPurpose, now: string): Promise<void> {
    await this.db
      .updateTable('account_links')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
  }
}
