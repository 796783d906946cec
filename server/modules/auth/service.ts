import type { SessionDto, UserDto } from '../../../common/api/auth.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import type { UserRow, UserUpdate } from '../../db/schema.js';
import { ApiError, errors } from '../../http/errors.js';
import { AccountDeletion } from '../users/account-deletion.js';
import { Accounts } from '../users/accounts.js';
import { UsersRepository } from '../users/repository.js';
import { AccountLinks } from './account-links.js';
import type { AuthUser } from './guards.js';
import { PasswordThrottle } from './password-throttle.js';
import { hashPassword } from './passwords.js';
import type { RotatedSession } from './sessions.js';

/** Registration, login, refresh and logout: the session rules of issue 2 in one place. */
export class AuthService {
  readonly users: UsersRepository;
  /** Password reset and address confirmation by mailed links (issue 35). */
  readonly links: AccountLinks;
  private readonly throttle: PasswordThrottle;

  constructor(private readonly ctx: AppContext) {
    this.users = new UsersRepository(ctx.db);
    this.throttle = new PasswordThrottle(ctx.counters, ctx.config.passwordThrottle);
    this.links = new AccountLinks(ctx, this);
  }

  /** The account as the API shows it. */
  userDto(user: UserRow): Promise<UserDto> {
    return new Accounts(this.users, this.ctx.clock).dto(user);
  }

  /** A new session (access + refresh token) on `device` for a user row already checked to be active. */
  async openSession(userId: number, device: string | null): Promise<SessionDto> {
    const user = await this.users.findById(userId);
    if (!user) throw errors.invalidToken();
    const [tokens, dto] = await Promise.all([
      this.ctx.sessions.open(user.id, device).then((session) => this.tokensOf(session)),
      this.userDto(user),
    ]);
    return { user: dto, ...tokens };
  }

  private async tokensOf(session: RotatedSession) {
    const accessToken = await this.ctx.accessTokens.sign(session, session.issuedAt);
    return { accessToken, token: accessToken, refreshToken: session.refreshToken };
  }

  /** An account write, recorded as a change of that account (derived state may follow accounts). */
  private writeAccount(work: (accounts: Accounts, trx: Executor) => Promise<UserRow>): Promise<UserRow> {
    return this.ctx.changes.transaction(async (trx, change) => {
      const account = await work(new Accounts(new UsersRepository(trx), this.ctx.clock), trx);
      change.user(account.id);
      return account;
    });
  }

  /** A new account, signed in; the link that confirms its address is mailed once the account exists. */
  async register(
    input: { username: string; email: string; password: string; language?: string },
    device: string | null,
  ) {
    const passwordHash = await hashPassword(input.password);
    const user = await this.writeAccount(async (users, trx) => {
      const created = await users.create({
        username: input.username,
        email: input.email,
        language: input.language,
        passwordHash,
      });
      await this.links.issue(trx, created, 'verify_email');
      return created;
    });
    return this.openSession(user.id, device);
  }

  async login(
    email: string,
    password: string,
    client: { address: string; device: string | null },
  ): Promise<SessionDto> {
    const user = await this.users.findByEmail(email);
    const valid = await this.throttle.verify({
      account: user ? `user:${user.id}` : `email:${email}`,
      address: client.address,
      storedHash: user?.password_hash,
      password,
    });
    if (!user || !valid) throw errors.invalidCredentials();
    if (user.is_active !== 1) throw errors.accountDisabled();
    return this.openSession(user.id, client.device);
  }

  async refresh(refreshToken: string) {
    // An inactive account cannot refresh; its token is left alone so reactivation restores the session.
    const ownerId = await this.ctx.sessions.ownerOf(refreshToken);
    if (ownerId !== undefined) {
      const owner = await this.users.findById(ownerId);
      if (owner && owner.is_active !== 1) throw errors.accountDisabled();
    }
    return this.tokensOf(await this.ctx.sessions.rotate(refreshToken));
  }

  /**
   * Ends the session of the refresh token, or of the caller's access token; `everywhere` ends every
   * session of that person. Their access tokens stop working with them.
   */
  async logout(input: { refreshToken?: string; caller?: AuthUser; everywhere?: boolean }): Promise<void> {
    const { refreshToken, caller, everywhere } = input;
    if (everywhere) {
      const userId = caller?.id ?? (refreshToken ? await this.ctx.sessions.ownerOf(refreshToken) : undefined);
      if (userId !== undefined) await this.ctx.sessions.endAllOf(userId);
      return;
    }
    if (refreshToken) await this.ctx.sessions.endSessionOf(refreshToken);
    if (caller) await this.ctx.sessions.end(caller.sessionId);
  }

  /**
   * The caller's current password, checked through the throttle; a wrong or missing one is a 400 naming
   * the field (a 401 would sign the web app out).
   */
  private async assertCurrentPassword(user: UserRow, currentPassword: string | undefined, address: string) {
    if (!currentPassword) throw errors.validation('Current password is required', 'currentPassword');
    const valid = await this.throttle.verify({
      account: `user:${user.id}`,
      address,
      storedHash: user.password_hash,
      password: currentPassword,
    });
    if (!valid) throw errors.validation('Current password is incorrect', 'currentPassword');
  }

  private async caller(userId: number): Promise<UserRow> {
    const user = await this.users.findById(userId);
    if (!user) throw errors.unauthorized();
    return user;
  }

  /**
   * A partial profile update. A new e-mail, a new way into the account, needs the current password and
   * takes effect only when confirmed from the new address (the old one is told and may cancel): until
   * then the account keeps its address and shows the new one as pending.
   */
  async updateProfile(
    userId: number,
    changes: Omit<UserUpdate, 'id' | 'updated_at'>,
    currentPassword: string | undefined,
    address: string,
  ): Promise<UserRow> {
    const user = await this.caller(userId);
    const { email, ...rest } = changes;
    const newEmail = typeof email === 'string' && email !== user.email ? email : undefined;
    if (newEmail !== undefined) await this.assertCurrentPassword(user, currentPassword, address);
    return this.writeAccount(async (users, trx) => {
      const updated = await users.update(userId, rest);
      if (newEmail !== undefined) {
        if ((await new UsersRepository(trx).idByEmail(newEmail)) !== undefined) throw errors.emailExists();
        await this.links.requestEmailChange(trx, updated, newEmail);
      }
      return updated;
    });
  }

  /** Needs the current password; ends every session and opens a fresh one for the caller. */
  async changePassword(
    userId: number,
    input: { currentPassword: string; newPassword: string },
    client: { address: string; device: string | null },
  ): Promise<SessionDto> {
    await this.assertCurrentPassword(await this.caller(userId), input.currentPassword, client.address);
    const passwordHash = await hashPassword(input.newPassword);
    await this.writeAccount(async (users, trx) => {
      const updated = await users.update(userId, { password_hash: passwordHash });
      await this.links.revokeResets(trx, userId);
      return updated;
    });
    await this.ctx.sessions.endAllOf(userId);
    return this.openSession(userId, client.device);
  }

  /** Deletes the caller's account once their password is confirmed (AccountDeletion); they are no one after. */
  async deleteAccount(
    userId: number,
    currentPassword: string,
    address: string,
  ): Promise<{ ballotsWithdrawn: number }> {
    await this.assertCurrentPassword(await this.caller(userId), currentPassword, address);
    try {
      return await new AccountDeletion(this.ctx).delete(userId, 'deleted_account');
    } catch (error) {
      // Deleted meanwhile (by a second request, or an administrator): the caller is no one now.
      if (error instanceof ApiError && error.statusCode === 404) throw errors.unauthorized();
      throw error;
    }
  }

  /** Makes sure the ADMIN_EMAIL account exists, is active and is an administrator. */
  async ensureAdministrator(email: string, password: string): Promise<void> {
    const normalizedEmail = email.trim().toLowerCase();
    const existing = await this.users.findByEmail(normalizedEmail);
    if (existing) {
      await this.writeAccount((users) => users.update(existing.id, { is_admin: 1, is_active: 1 }));
      return;
    }
    const base = normalizedEmail.split('@')[0]?.replace(/[^\p{L}\p{N}_.-]/gu, '') || 'admin';
    const passwordHash = await hashPassword(password.trim());
    await this.writeAccount((users) =>
      users.create({
        username: base.length >= 3 ? base.slice(0, 32) : `${base}-admin`,
        email: normalizedEmail,
        passwordHash,
        isAdmin: true,
      }),
    );
  }
}
