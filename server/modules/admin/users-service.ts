import type { AdminCreateUserInput, AdminUpdateUserInput } from '../../../common/api/admin-users.js';
import type { UserDto } from '../../../common/api/auth.js';
import type { AppContext } from '../../context.js';
import { errors } from '../../http/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/guards.js';
import { hashPassword } from '../auth/passwords.js';
import { AccountDeletion } from '../users/account-deletion.js';
import { Accounts, toUserDto } from '../users/accounts.js';
import { UsersRepository } from '../users/repository.js';

/** What the audit trail keeps of an account: never the password hash. */
const auditView = (user: UserDto) => ({
  username: user.username,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  isActive: user.isActive,
  isAdmin: user.isAdmin,
});

/** The rules of issue 9 for administrators managing accounts; every write is audited in its transaction. */
export class AdminUsersService {
  constructor(private readonly ctx: AppContext) {}

  /** The accounts as administrators list them, with each one's vote count. */
  async list(query: {
    q?: string;
    limit: number;
    offset: number;
  }): Promise<{ users: UserDto[]; total: number }> {
    const { rows, total } = await new UsersRepository(this.ctx.db).page(query);
    return { users: rows.map(({ vote_count, ...row }) => toUserDto(row, Number(vote_count ?? 0))), total };
  }

  async create(actor: AuthUser, input: AdminCreateUserInput & { password: string }): Promise<UserDto> {
    // Hashing takes a while: done before the transaction so the database is not held meanwhile.
    const passwordHash = await hashPassword(input.password);
    return this.ctx.changes.transaction(async (trx, change) => {
      const users = new UsersRepository(trx);
      const accounts = new Accounts(users, this.ctx.clock);
      const row = await accounts.create({
        email: input.email,
        username: input.username,
        passwordHash,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        isAdmin: input.isAdmin ?? false,
        language: input.language,
      });
      const dto = await accounts.dto(row);
      change.user(row.id);
      await recordAudit(trx, change, actor, {
        action: 'create',
        entityType: 'user',
        entityId: row.id,
        after: auditView(dto),
      });
      return dto;
    });
  }

  async update(actor: AuthUser, id: number, changes: AdminUpdateUserInput): Promise<UserDto> {
    if (id === actor.id && changes.isAdmin === false) {
      throw errors.forbidden('You cannot remove your own administrator rights');
    }
    if (id === actor.id && changes.isActive === false) {
      throw errors.forbidden('You cannot deactivate your own account');
    }
    return this.ctx.changes.transaction(async (trx, change) => {
      const users = new UsersRepository(trx);
      const accounts = new Accounts(users, this.ctx.clock);
      const activeAdmins = await users.lockActiveAdminIds(this.ctx.database.kind);
      const current = await users.findById(id);
      if (!current) throw errors.notFound('User');
      const losesAdminPower =
        activeAdmins.includes(id) && (changes.isAdmin === false || changes.isActive === false);
      if (losesAdminPower && activeAdmins.length <= 1) throw errors.lastAdmin();

      const before = await accounts.dto(current);
      const updated = await accounts.update(id, {
        ...(changes.isActive !== undefined && { is_active: changes.isActive ? 1 : 0 }),
        ...(changes.isAdmin !== undefined && { is_admin: changes.isAdmin ? 1 : 0 }),
      });
      // A deactivated account is refused anyway; ending its sessions makes reactivation start from a fresh login.
      if (current.is_active === 1 && updated.is_active === 0)
        await this.ctx.sessions.within(trx).endAllOf(id);
      const after = await accounts.dto(updated);
      change.user(id);
      await recordAudit(trx, change, actor, {
        action: changes.isActive !== undefined && changes.isAdmin === undefined ? 'status' : 'update',
        entityType: 'user',
        entityId: id,
        before: auditView(before),
        after: auditView(after),
      });
      return after;
    });
  }

  /** Deletes another account as its owner would (AccountDeletion): ballots withdrawn, audited as this actor. */
  async remove(actor: AuthUser, id: number): Promise<{ ballotsWithdrawn: number }> {
    if (id === actor.id) throw errors.forbidden('You cannot delete your own account');
    return new AccountDeletion(this.ctx).delete(id, actor);
  }
}
