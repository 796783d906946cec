import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { containsLiteral } from '../../db/like.js';
import { ok } from '../../http/envelope.js';
import { toUserDto } from '../users/repository.js';

const listQuery = z.object({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** Administrators' view of the accounts. Every route here runs behind requireAdmin (see app.ts). */
export async function adminUserRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/admin/users', { schema: { tags: ['admin'], querystring: listQuery } }, async (request) => {
    const { q, limit, offset } = request.query;
    let query = ctx.db.selectFrom('users');
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
    const users = rows.map(({ vote_count, ...row }) => toUserDto(row, Number(vote_count ?? 0)));
    return ok({ users, total: Number(total.total) });
  });
}
