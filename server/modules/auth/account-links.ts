import { createHash, randomBytes } from 'node:crypto';
import { LINK_VALIDITY_MINUTES, type LinkPurpose } from '../../../common/api/account-links.js';
import type { SessionDto, UserDto } from '../../../common/api/auth.js';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../common/constants.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import type { UserRow } from '../../db/schema.js';
import { errors } from '../../http/errors.js';
import { cachedUiCatalog } from '../../web/boot-catalog.js';
import type { Jobs } from '../jobs/runner.js';
import { renderAccountLinkMail } from '../mail/render.js';
import type { MailTransport } from '../mail/transport.js';
import { Accounts } from '../users/accounts.js';
import { UsersRepository } from '../users/repository.js';
import { AccountLinksRepository } from './account-links-repository.js';
import { hashPassword } from './passwords.js';
import type { AuthService } from './service.js';

/** The job that mints a link's token and mails it. */
export const ACCOUNT_LINK_MAIL = 'mail.account-link';

/** The page of the web app each link opens. */
const PAGES: Record<LinkPurpose, string> = {
  reset_password: '/reset-password',
  verify_email: '/verify-email',
  change_email: '/confirm-email-change',
  cancel_email_change: '/cancel-email-change',
};

const HOUR_MS = 60 * 60_000;

/** What is kept of a token: its SHA-256, so that the table's contents open no account. */
export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Links mailed about an account (issue 35): a password reset and the confirmation of an address. A link
 * is a row written in the transaction of the request, with a job that mints its token and sends it: the
 * message goes once the write committed, is retried while the SMTP server is away, and its token exists
 * only in the message (the table keeps its hash). A link works once, until it expires; every refusal of
 * one is the same 400 INVALID_LINK, so that nothing can be learnt by trying.
 */
export class AccountLinks {
  private readonly users: UsersRepository;

  constructor(
    private readonly ctx: AppContext,
    private readonly auth: AuthService,
  ) {
    this.users = new UsersRepository(ctx.db);
  }

  /**
   * Writes a link for the account and the job that mails it, in the caller's transaction. It goes to `to`,
   * the account's address unless said; `newEmail` names the address a change notice is about.
   */
  async issue(
    trx: Executor,
    user: Pick<UserRow, 'id' | 'email'>,
    purpose: LinkPurpose,
    { to = user.email, newEmail }: { to?: string; newEmail?: string } = {},
  ): Promise<void> {
    const now = this.ctx.clock.now();
    const linkId = await new AccountLinksRepository(trx).insert({
      userId: user.id,
      purpose,
      email: to,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + LINK_VALIDITY_MINUTES[purpose] * 60_000).toISOString(),
    });
    await this.ctx.jobs.enqueue(trx, { kind: ACCOUNT_LINK_MAIL, payload: { linkId, newEmail } });
  }

  /**
   * A new address for the account, GitHub's way: it takes effect when its owner follows the link mailed to
   * it, and the current address is told, with a link that cancels the change (or undoes it, for a week) and
   * ends every session. An earlier change not confirmed yet is dropped. In the caller's transaction.
   */
  async requestEmailChange(
    trx: Executor,
    user: Pick<UserRow, 'id' | 'email'>,
    newEmail: string,
  ): Promise<void> {
    const links = new AccountLinksRepository(trx);
    const now = this.ctx.clock.nowIso();
    await links.revokeAll(user.id, 'change_email', now);
    await this.issue(trx, user, 'change_email', { to: newEmail });
    await this.issue(trx, user, 'cancel_email_change', { newEmail });
  }

  /** The new address becomes the account's, confirmed; 409 if another account took it meanwhile. */
  async confirmEmailChange(token: string): Promise<UserDto> {
    const user = await this.ctx.changes.transaction(async (trx, change) => {
      const now = this.ctx.clock.nowIso();
      const links = new AccountLinksRepository(trx);
      const link = await links.findUsable(tokenHashOf(token), 'change_email', now);
      const owner = link && (await new UsersRepository(trx).findById(link.user_id));
      if (!link || !owner || !(await links.use(link.id, now))) throw errors.invalidLink();
      change.user(owner.id);
      return new Accounts(new UsersRepository(trx), this.ctx.clock).update(owner.id, {
        email: link.email,
        email_verified_at: now,
      });
    });
    return this.auth.userDto(user);
  }

  /**
   * From the old address: drops the change, or puts the old address back if it was made, and ends every
   * session of the account (whoever asked for the change is signed out).
   */
  async cancelEmailChange(token: string): Promise<void> {
    const userId = await this.ctx.changes.transaction(async (trx, change) => {
      const now = this.ctx.clock.nowIso();
      const links = new AccountLinksRepository(trx);
      const link = await links.findUsable(tokenHashOf(token), 'cancel_email_change', now);
      const owner = link && (await new UsersRepository(trx).findById(link.user_id));
      if (!link || !owner || !(await links.use(link.id, now))) throw errors.invalidLink();
      await links.revokeAll(owner.id, 'change_email', now);
      if (owner.email !== link.email) {
        await new Accounts(new UsersRepository(trx), this.ctx.clock).update(owner.id, {
          email: link.email,
          email_verified_at: now,
        });
      }
      change.user(owner.id);
      return owner.id;
    });
    await this.ctx.sessions.endAllOf(userId);
  }

  /** The owner drops the change they asked for from their profile (both its links stop working). */
  async dropEmailChange(userId: number): Promise<UserDto> {
    const now = this.ctx.clock.nowIso();
    await this.ctx.changes.transaction(async (trx) => {
      const links = new AccountLinksRepository(trx);
      await links.revokeAll(userId, 'change_email', now);
      await links.revokeAll(userId, 'cancel_email_change', now);
    });
    const user = await this.users.findById(userId);
    if (!user) throw errors.unauthorized();
    return this.auth.userDto(user);
  }

  /**
   * Mails a reset link when an active account has the address; answers alike, in about the same time,
   * when none has it (the extra work is one short transaction). Limited per address and per client.
   */
  async requestPasswordReset(email: string, clientAddress: string): Promise<void> {
    await this.admitLinkRequest([`address:${clientAddress}`, `email:${email}`]);
    const user = await this.users.findByEmail(email);
    if (user?.is_active !== 1) return;
    await this.ctx.changes.transaction((trx) => this.issue(trx, user, 'reset_password'));
  }

  /** A new password by a reset link: the link is spent, older ones die, every session ends, a new one opens. */
  async resetPassword(token: string, password: string, device: string | null): Promise<SessionDto> {
    const links = new AccountLinksRepository(this.ctx.db);
    // Checked before the costly hash, so that made-up tokens cost one indexed read each.
    const found = await links.findUsable(tokenHashOf(token), 'reset_password', this.ctx.clock.nowIso());
    if (!found) throw errors.invalidLink();
    const passwordHash = await hashPassword(password);
    const userId = await this.ctx.changes.transaction(async (trx, change) => {
      const now = this.ctx.clock.nowIso();
      const links = new AccountLinksRepository(trx);
      const users = new UsersRepository(trx);
      const link = await links.findUsable(tokenHashOf(token), 'reset_password', now);
      const user = link && (await users.findById(link.user_id));
      if (!link || !user || user.email !== link.email || !(await links.use(link.id, now))) {
        throw errors.invalidLink();
      }
      // Following a link mailed to the address proves it too.
      await users.update(
        user.id,
        { password_hash: passwordHash, ...(user.email_verified_at === null && { email_verified_at: now }) },
        now,
      );
      await links.revokeAll(user.id, 'reset_password', now);
      change.user(user.id);
      return user.id;
    });
    await this.ctx.sessions.endAllOf(userId);
    return this.auth.openSession(userId, device);
  }

  /** Confirms the address the link was sent to, if it is still the account's. */
  async verifyEmail(token: string): Promise<UserDto> {
    const user = await this.ctx.changes.transaction(async (trx, change) => {
      const now = this.ctx.clock.nowIso();
      const links = new AccountLinksRepository(trx);
      const link = await links.findUsable(tokenHashOf(token), 'verify_email', now);
      const users = new UsersRepository(trx);
      const owner = link && (await users.findById(link.user_id));
      if (!link || !owner || owner.email !== link.email || !(await links.use(link.id, now))) {
        throw errors.invalidLink();
      }
      change.user(owner.id);
      return owner.email_verified_at ? owner : users.update(owner.id, { email_verified_at: now }, now);
    });
    return this.auth.userDto(user);
  }

  /** Mails the confirmation link again (nothing when the address is confirmed already). */
  async resendVerification(userId: number, clientAddress: string): Promise<void> {
    await this.admitLinkRequest([`address:${clientAddress}`, `user:${userId}`]);
    const user = await this.users.findById(userId);
    if (!user || user.email_verified_at !== null) return;
    await this.ctx.changes.transaction((trx) => this.issue(trx, user, 'verify_email'));
  }

  /**
   * Ends every unused reset link of the account, in the caller's transaction: a password changed by other
   * means outdates them.
   */
  revokeResets(trx: Executor, userId: number): Promise<void> {
    return new AccountLinksRepository(trx).revokeAll(userId, 'reset_password', this.ctx.clock.nowIso());
  }

  private async admitLinkRequest(keys: readonly string[]): Promise<void> {
    const limit = this.ctx.config.mail.linkRequestsPerHour;
    const counts = await Promise.all(
      keys.map((key) => this.ctx.counters.hit(`link-requests:${key}`, HOUR_MS)),
    );
    const over = counts.find((count) => count.count > limit);
    if (over) throw errors.rateLimited(Math.max(1, Math.ceil(over.msLeft / 1000)));
  }
}

/**
 * The job of a link: mints its token, keeps the hash, and mails the link in the account's language. A link
 * used, expired, or sent to an address the account no longer has is not mailed. Run again after a failure
 * (the SMTP server away), it mints a new token: only the message that went out can be followed.
 */
export function handleAccountLinkMail(ctx: AppContext, jobs: Jobs, transport: MailTransport): void {
  jobs.handle(
    ACCOUNT_LINK_MAIL,
    async (payload) => {
      const { linkId, newEmail } = payload as { linkId: number; newEmail?: string };
      const links = new AccountLinksRepository(ctx.db);
      const link = await links.find(linkId);
      if (!link || link.used_at !== null || link.expires_at <= ctx.clock.nowIso()) return;
      const user = await new UsersRepository(ctx.db).findById(link.user_id);
      // A reset or a confirmation goes only to the address the account still has. A change's link goes to
      // the new address, and its notice to the old one even if the change was confirmed first: that notice
      // is how the owner takes the account back.
      const forCurrentAddress = link.purpose === 'reset_password' || link.purpose === 'verify_email';
      if (!user || (forCurrentAddress && user.email !== link.email)) return;
      const token = randomBytes(32).toString('base64url');
      if (!(await links.setTokenHash(link.id, tokenHashOf(token)))) return;
      const language = isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
      const mail = await renderAccountLinkMail({
        purpose: link.purpose,
        to: link.email,
        language,
        // In the message's language, whatever the browser that opens it prefers.
        url: `${ctx.config.publicUrl}${PAGES[link.purpose]}?token=${token}&lng=${language}`,
        texts: await cachedUiCatalog(ctx, language),
        values: {
          username: user.username,
          minutes: LINK_VALIDITY_MINUTES.reset_password,
          hours: LINK_VALIDITY_MINUTES.change_email / 60,
          days:
            LINK_VALIDITY_MINUTES[
              link.purpose === 'cancel_email_change' ? 'cancel_email_change' : 'verify_email'
            ] /
            (24 * 60),
          newEmail: newEmail ?? '',
        },
      });
      await transport.send(mail);
    },
    { maxAttempts: 10, retryDelayMs: 10_000, maxRetryDelayMs: 10 * 60_000 },
  );
}
