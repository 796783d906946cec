import type { DatabaseKind } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { containsLiteral } from '../../db/like.js';
import { newReadableId } from '../../db/readable-id.js';
import type { UserRow, UserUpdate } from '../../db/schema.js';
import { usernameKey } from './username-key.js';

export interface NewUserInput {
  username: string;
  email: string;
  passwordHash: string;
  language?: string;
  firstName?: string | null;
  lastName?: string | null;
  isAdmin?: boolean;
}

/** Every line of SQL about accounts (`users`). */
export class UsersRepository {
  constructor(private readonly db: Executor) {}

  findById(id: number) {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string) {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  /** The address the account asked to move to, while its link is unused and unexpired (issue 35). */
  async pendingEmail(userId: number, now: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('account_links')
      .select('email')
      .where('user_id', '=', userId)
      .where('purpose', '=', 'change_email')
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row?.email ?? null;
  }

  async voteCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('votes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async idByEmail(email: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    return row?.id;
  }

  /** Usernames are unique whatever their case (username_key). */
  async idByUsername(username: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', usernameKey(username))
      .executeTakeFirst();
    return row?.id;
  }

  /** Fails on a unique index (e-mail, username, readable id): Accounts turns that into an answer. */
  insert(input: NewUserInput, now: string): Promise<UserRow> {
    return this.db
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
  }

  update(id: number, changes: Omit<UserUpdate, 'id' | 'updated_at'>, now: string): Promise<UserRow> {
    const values: UserUpdate = { ...changes, updated_at: now };
    if (typeof changes.username === 'string') values.username_key = usernameKey(changes.username);
    return this.db
      .updateTable('users')
      .set(values)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A page of accounts as administrators list them, with each one's vote count. */
  async page({ q, limit, offset }: { q?: string; limit: number; offset: number }) {
    let query = this.db.selectFrom('users');
    if (q) {
      const text = q.toLowerCase();
      query = query.where((eb) =>
        eb.or([
          containsLiteral('email', text),
          containsLiteral('username_key', text),
          containsLiteral('readable_id', text.toUpperCase()),
        ]),
      );
    }
    const [rows, total] = await Promise.all([
      query
        .selectAll('users')
        .select((eb) =>
          eb
            .selectFrom('votes')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('votes.user_id', '=', 'users.id')
            .as('vote_count'),
        )
        .orderBy('users.id')
        .limit(limit)
        .offset(offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.total) };
  }

  /**
   * Ids of the active administrators. On PostgreSQL their rows stay locked until the transaction ends, so
   * two administrators demoting each other at the same moment take turns and the second sees the first's change.
   */
  async lockActiveAdminIds(kind: DatabaseKind): Promise<number[]> {
    let query = this.db.selectFrom('users').select('id').where('is_admin', '=', 1).where('is_active', '=', 1);
    if (kind === 'postgres') query = query.forUpdate();
    return (await query.execute()).map((row) => row.id);
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }

  /** The distinct password hashes of the accounts whose address is at `domain` (the demo accounts'). */
  async passwordHashesAt(domain: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('password_hash')
      .distinct()
      .where('email', 'like', `%@${domain}`)
      .execute();
    return rows.map((row) => row.password_hash);
  }

  /** Gives every account that has `previous` as its password hash `next` instead; answers how many. */
  async replacePasswordHash(previous: string, next: string): Promise<number> {
    const result = await this.db
      .updateTable('users')
      .set({ password_hash: next })
      .where('password_hash', '=', previous)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
