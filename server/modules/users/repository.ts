import type { Kysely } from 'kysely';
import type { UserDto } from '../../../common/api/auth.js';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../common/constants.js';
import { violatedUniqueConstraint } from '../../db/constraint-errors.js';
import { newReadableId } from '../../db/readable-id.js';
import type { Database, UserRow, UserUpdate } from '../../db/schema.js';
import { nowIso } from '../../db/timestamps.js';
import { errors } from '../../http/errors.js';

import { usernameKey } from './username-key.js';

export function toUserDto(row: UserRow, voteCount: number): UserDto {
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
  };
}

/** Turns a unique-constraint failure on users into the 409 the client understands. */
function conflictFor(error: unknown): Error | undefined {
  const constraint = violatedUniqueConstraint(error);
  if (!constraint) return undefined;
  if (constraint.includes('email')) return errors.emailExists();
  if (constraint.includes('username')) {
    return errors.usernameExists();
  }
  return undefined;
}

export interface NewUserInput {
  username: string;
  email: string;
  passwordHash: string;
  language?: string;
  firstName?: string | null;
  lastName?: string | null;
  isAdmin?: boolean;
}

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: number) {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string) {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async voteCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('votes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async toDto(row: UserRow): Promise<UserDto> {
    return toUserDto(row, await this.voteCount(row.id));
  }

  /** Checks e-mail and username before writing, so the answer names the right field; the unique indexes still decide races. */
  private async assertAvailable(fields: { email?: string; username?: string }, exceptUserId?: number) {
    if (fields.email !== undefined) {
      const taken = await this.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', fields.email)
        .executeTakeFirst();
      if (taken && taken.id !== exceptUserId) throw conflictFor({ code: '23505', constraint: 'email' });
    }
    if (fields.username !== undefined) {
      const taken = await this.db
        .selectFrom('users')
        .select('id')
        .where('username_key', '=', usernameKey(fields.username))
        .executeTakeFirst();
      if (taken && taken.id !== exceptUserId) throw conflictFor({ code: '23505', constraint: 'username' });
    }
  }

  async create(input: NewUserInput): Promise<UserRow> {
    await this.assertAvailable(input);
    const now = nowIso();
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db
          .insertInto('users')
          .values({
            readable_id: newReadableId('U'),
            username: input.username,
            username_key: usernameKey(input.username),
            email: input.email,
            password_hash: input.passwordHash,
            first_name: input.firstName ?? null,
            last_name: input.lastName ?? null,
            language: input.language ?? 'fr',
            is_admin: input.isAdmin ? 1 : 0,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (error) {
        const conflict = conflictFor(error);
        if (conflict) throw conflict;
        // A readable id collision (one in a billion per user) just draws another code.
        if (violatedUniqueConstraint(error)?.includes('readable_id') && attempt < 3) continue;
        throw error;
      }
    }
  }

  async update(id: number, changes: Omit<UserUpdate, 'id' | 'updated_at'>): Promise<UserRow> {
    await this.assertAvailable(
      { email: changes.email as string | undefined, username: changes.username as string | undefined },
      id,
    );
    const values: UserUpdate = { ...changes, updated_at: nowIso() };
    if (typeof changes.username === 'string') values.username_key = usernameKey(changes.username);
    try {
      return await this.db
        .updateTable('users')
        .set(values)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      throw conflictFor(error) ?? error;
    }
  }
}
