import type { UserDto } from '../../../common/api/auth.js';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../common/constants.js';
import type { Clock } from '../../clock/clock.js';
import { violatedUniqueConstraint } from '../../db/constraint-errors.js';
import type { UserRow, UserUpdate } from '../../db/schema.js';
import { errors } from '../../http/errors.js';
import type { NewUserInput, UsersRepository } from './repository.js';

/** `pendingEmail`: a new address asked for and not confirmed yet (read for one account; lists leave it out). */
export function toUserDto(row: UserRow, voteCount: number, pendingEmail: string | null = null): UserDto {
  return {
    id: row.id,
    readableId: row.readable_id,
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    isActive: row.is_active === 1,
    isAdmin: row.is_admin === 1,
    createdAt: row.created_at,
    voteCount,
    emailVerified: row.email_verified_at !== null,
    pendingEmail,
  };
}

/** Turns a unique-constraint failure on users into the 409 the client understands. */
function conflictFor(error: unknown): Error | undefined {
  const constraint = violatedUniqueConstraint(error);
  if (!constraint) return undefined;
  if (constraint.includes('email')) return errors.emailExists();
  if (constraint.includes('username')) return errors.usernameExists();
  return undefined;
}

/**
 * The rules of every account write, whoever makes it (registration, profile, administrators): e-mail
 * and username are checked first so that the answer names the right field, and the unique indexes
 * still decide races, with the same answer.
 */
export class Accounts {
  constructor(
    private readonly users: UsersRepository,
    private readonly clock: Clock,
  ) {}

  /** The account as the API shows it. */
  async dto(row: UserRow): Promise<UserDto> {
    const [voteCount, pendingEmail] = await Promise.all([
      this.users.voteCount(row.id),
      this.users.pendingEmail(row.id, this.clock.nowIso()),
    ]);
    return toUserDto(row, voteCount, pendingEmail);
  }

  async create(input: NewUserInput): Promise<UserRow> {
    await this.assertAvailable(input);
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.users.insert(input, this.clock.nowIso());
      } catch (error) {
        const conflict = conflictFor(error);
        if (conflict) throw conflict;
        // A readable id collision (one in a billion per user) just draws another code.
        if (violatedUniqueConstraint(error)?.includes('readable_id') && attempt < 3) continue;
        throw error;
      }
    }
  }

  /** A new address is not confirmed, whoever changes it, until its owner follows the link sent to it. */
  async update(id: number, changes: Omit<UserUpdate, 'id' | 'updated_at'>): Promise<UserRow> {
    await this.assertAvailable(
      { email: changes.email as string | undefined, username: changes.username as string | undefined },
      id,
    );
    const current = changes.email === undefined ? undefined : await this.users.findById(id);
    const readdressed = current !== undefined && current.email !== changes.email;
    try {
      return await this.users.update(
        id,
        readdressed ? { email_verified_at: null, ...changes } : changes,
        this.clock.nowIso(),
      );
    } catch (error) {
      throw conflictFor(error) ?? error;
    }
  }

  private async assertAvailable(fields: { email?: string; username?: string }, exceptUserId?: number) {
    if (fields.email !== undefined) {
      const taken = await this.users.idByEmail(fields.email);
      if (taken !== undefined && taken !== exceptUserId) throw errors.emailExists();
    }
    if (fields.username !== undefined) {
      const taken = await this.users.idByUsername(fields.username);
      if (taken !== undefined && taken !== exceptUserId) throw errors.usernameExists();
    }
  }
}
