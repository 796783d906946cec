import type { Kysely } from 'kysely';
import type { UserDto } from '../../../common/api/auth.js';
import type { DatabaseKind } from '../../db/database.js';
import { containsLiteral } from '../../db/like.js';
import type { Database } from '../../db/schema.js';
import { toUserDto } from '../users/repository.js';

type Executor = Kysely<Database>;

/** The accounts as administrators list them, with each one's vote count. */
export async function listUsers(
  db: Executor,
  { q, limit, offset }: { q?: string; limit: number; offset: number },
): Promise<{ users: UserDto[]; total: number }> {
  let query = db.selectFrom('users');
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
  return {
    users: rows.map(({ vote_count, ...row }) => toUserDto(row, Number(vote_count ?? 0))),
    total: Number(total.total),
  };
}

/**
 * Ids of the active administrators. On PostgreSQL their rows stay locked until the transaction ends, so
 * two administrators demoting each other at the same moment take turns and the second sees the first's change.
 */
export async function lockActiveAdminIds(trx: Executor, kind: DatabaseKind): Promise<number[]> {
  let query = trx.selectFrom('users').select('id').where('is_admin', '=', 1).where('is_active', '=', 1);
  if (kind === 'postgres') query = query.forUpdate();
  return (await query.execute()).map((row) => row.id);
}

export async function deleteUser(trx: Executor, id: number): Promise<void> {
  await trx.deleteFrom('users').where('id', '=', id).execute();
}
