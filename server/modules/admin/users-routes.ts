import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCreateUserBody,
  adminUpdateUserBody,
  adminUserDeleteData,
  adminUserListData,
  adminUserListQuery,
  adminUserParams,
} from '../../../common/api/admin-users.js';
import { userData } from '../../../common/api/auth.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answers } from '../../http/responses.js';
import { callerOf } from '../auth/guards.js';
import { AdminUsersService } from './users-service.js';

/** Administrators' view of the accounts. Every route here runs behind requireAdmin (see app.ts). */
export async function adminUserRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = new AdminUsersService(ctx);
  const tags = ['admin'];

  api.get(
    '/admin/users',
    { schema: { tags, querystring: adminUserListQuery, response: answers({ 200: adminUserListData }) } },
    async (request) => ok(await service.list(request.query)),
  );

  api.post(
    '/admin/users',
    { schema: { tags, body: adminCreateUserBody, response: answers({ 201: userData }) } },
    async (request, reply) => {
      const user = await service.create(callerOf(request), request.body);
      reply.code(201);
      return ok({ user });
    },
  );

  api.put(
    '/admin/users/:id',
    {
      schema: {
        tags,
        params: adminUserParams,
        body: adminUpdateUserBody,
        response: answers({ 200: userData }),
      },
    },
    async (request) => ok({ user: await service.update(callerOf(request), request.params.id, request.body) }),
  );

  api.delete(
    '/admin/users/:id',
    { schema: { tags, params: adminUserParams, response: answers({ 200: adminUserDeleteData }) } },
    async (request) => {
      const { ballotsWithdrawn } = await service.remove(callerOf(request), request.params.id);
      return ok({ id: request.params.id, deleted: true as const, ballotsWithdrawn });
    },
  );
}
