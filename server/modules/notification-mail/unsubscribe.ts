import { randomBytes } from 'node:crypto';
import {
  UNSUBSCRIBE_API_PATH,
  UNSUBSCRIBE_PAGE_PATH,
  UNSUBSCRIBE_VALIDITY_DAYS,
  type UnsubscribeData,
  type UnsubscribeScope,
} from '../../../common/api/notification-mail.js';
import type { AppContext } from '../../context.js';
import { errors } from '../../http/errors.js';
import { tokenHashOf } from '../auth/account-links.js';
import { NotificationMailRepository } from './repository.js';

const DAY_MS = 24 * 60 * 60_000;

/** The two addresses of one unsubscribe link: the one-click POST's and the page's. */
export interface UnsubscribeLink {
  /** For `List-Unsubscribe` (RFC 8058). */
  post: string;
  /** The message's visible link: a page that asks first. */
  page: string;
}

/**
 * One-click unsubscribe links (RFC 8058). A link is minted by the job that sends its message, its token
 * kept only as a hash with the person, what it stops, and the address it went to. It works until it
 * expires and while the account keeps that address; used again it answers the same and changes nothing.
 */
export class Unsubscribes {
  constructor(private readonly ctx: AppContext) {}

  /** A new link for a message to `user` that stops `scope`; the token exists only in the message. */
  async mint(
    user: { id: number; email: string },
    scope: UnsubscribeScope,
    language: string,
  ): Promise<UnsubscribeLink> {
    const token = randomBytes(32).toString('base64url');
    const now = this.ctx.clock.now();
    await new NotificationMailRepository(this.ctx.db).insertUnsubscribe({
      user_id: user.id,
      kind: scope,
      email: user.email,
      token_hash: tokenHashOf(token),
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + UNSUBSCRIBE_VALIDITY_DAYS * DAY_MS).toISOString(),
    });
    const base = this.ctx.config.publicUrl;
    return {
      post: `${base}/api${UNSUBSCRIBE_API_PATH}?token=${token}`,
      page: `${base}${UNSUBSCRIBE_PAGE_PATH}?token=${token}&lng=${language}`,
    };
  }

  /**
   * Follows a link: the kind it names (every kind, for `all`) goes back to the app only. Unknown, expired,
   * or mailed to an address the account no longer has: 400 INVALID_LINK, one answer for all three.
   */
  use(token: string): Promise<UnsubscribeData> {
    return this.ctx.changes.transaction(async (trx, change) => {
      const repository = new NotificationMailRepository(trx);
      const link = await repository.unsubscribe(tokenHashOf(token));
      const owner = link && (await repository.recipient(link.user_id));
      if (!link || !owner || link.expires_at <= change.at || owner.email !== link.email) {
        throw errors.invalidLink();
      }
      const scope = link.kind as UnsubscribeScope;
      if (!(await repository.useUnsubscribe(link.id, change.at))) return { unsubscribed: scope };
      change.user(owner.id);
      if (scope === 'all') await repository.stopAllMail(owner.id, change.at);
      else await repository.setDelivery(owner.id, scope, 'app', change.at);
      return { unsubscribed: scope };
    });
  }

  /** Drops the links past their time (the daily digest's run does it). */
  pruneExpired(): Promise<void> {
    return new NotificationMailRepository(this.ctx.db).deleteExpiredUnsubscribes(this.ctx.clock.nowIso());
  }
}
