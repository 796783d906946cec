import type { ChangeSet } from '../../changes/change-set.js';
import type { AppContext } from '../../context.js';
import { isForeignKeyViolation } from '../../db/constraint-errors.js';
import type { Executor } from '../../db/executor.js';
import { errors } from '../../http/errors.js';
import { AuditRepository } from '../audit/repository.js';
import { type AuditActor, recordAudit } from '../audit/service.js';
import { SettingsRepository } from '../settings/repository.js';
import { VotesService } from '../votes/service.js';
import { UsersRepository } from './repository.js';

/** What an account's audit entries may say about it once it is deleted: nothing that names the person. */
const PERSONAL_FIELDS = ['username', 'email', 'firstName', 'lastName', 'pendingEmail'] as const;

/** A deletion that meets a vote cast meanwhile (PostgreSQL only) runs again; more than this is a fault. */
const ATTEMPTS = 3;

/**
 * Deletes an account as GDPR Article 17 asks (decision 016): its ballots are withdrawn first, each as its
 * owner's own withdrawal would be (totals, tallies and live events follow as for any ballot), then the
 * account and everything that is only its own go (sessions, links, ballots and their history, notices,
 * creation records). What others still use stays without a name: propositions it created keep standing
 * while someone votes for them, and its audit entries stay as a deleted account's, with no name in them.
 * One transaction: either all of it happens or none.
 */
export class AccountDeletion {
  constructor(private readonly ctx: AppContext) {}

  /**
   * `by` is the administrator who deletes it, or the account itself ('deleted_account': the entry must not
   * name it). Answers how many ballots held places and were withdrawn.
   */
  async delete(userId: number, by: AuditActor): Promise<{ ballotsWithdrawn: number }> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.ctx.changes.transaction((trx, change) => this.deleteIn(trx, change, userId, by));
      } catch (error) {
        // A ballot the person cast on another server after their ballots were read keeps the account
        // referenced: its foreign key refuses the delete, and the next attempt withdraws that ballot too.
        const raced = isForeignKeyViolation(error) || ['40001', '40P01'].includes(codeOf(error));
        if (!raced || attempt >= ATTEMPTS) throw error;
      }
    }
  }

  private async deleteIn(
    trx: Executor,
    change: ChangeSet,
    userId: number,
    by: AuditActor,
  ): Promise<{ ballotsWithdrawn: number }> {
    const users = new UsersRepository(trx);
    const activeAdmins = await users.lockActiveAdminIds(this.ctx.database.kind);
    const user = await users.findById(userId);
    if (!user) throw errors.notFound('User');
    if (activeAdmins.includes(userId) && activeAdmins.length <= 1) throw errors.lastAdmin();

    const ballotsWithdrawn = await new VotesService(this.ctx).withdrawAllOf(trx, change, userId);
    const audit = new AuditRepository(trx);
    await audit.forgetActor(userId);
    for (const entry of await audit.about('user', String(userId))) {
      await audit.rewrite(entry.id, {
        before_json: withoutPersonalFields(entry.before_json),
        after_json: withoutPersonalFields(entry.after_json),
      });
    }
    if ((await new SettingsRepository(trx).forgetEditor(user.username)) > 0) change.settings();
    // Cascades take its sessions, links, ballots (with their versions), notices and creation records.
    await users.delete(userId);
    change.user(userId);
    await recordAudit(trx, change, by, {
      action: 'delete',
      entityType: 'user',
      entityId: userId,
      before: { isActive: user.is_active === 1, isAdmin: user.is_admin === 1, ballotsWithdrawn },
    });
    return { ballotsWithdrawn };
  }
}

function withoutPersonalFields(json: string | null): string | null {
  if (json === null) return null;
  const value: unknown = JSON.parse(json);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return json;
  const kept = { ...(value as Record<string, unknown>) };
  for (const field of PERSONAL_FIELDS) delete kept[field];
  return JSON.stringify(kept);
}

function codeOf(error: unknown): string {
  return String((error as { code?: unknown } | null)?.code ?? '');
}
