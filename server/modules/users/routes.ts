import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountDeletedData,
  accountDeletionBody,
  accountExportDto,
} from '../../../common/api/account-data.js';
import { passwordChangeBody, profileBody, sessionDto, userData } from '../../../common/api/auth.js';
import { myVotesData, myVotesQuery } from '../../../common/api/profile.js';
import type { AppContext } from '../../context.js';
import { deviceOf } from '../../http/device.js';
import { ok } from '../../http/envelope.js';
import { requireLanguage } from '../../http/language.js';
import { answers } from '../../http/responses.js';
import { callerOf } from '../auth/guards.js';
import { AuthService } from '../auth/service.js';
import { exportAccount } from './account-export.js';
import { myVotes } from './my-votes.js';

/** The caller's own account: a user only ever changes themselves here (the id comes from the token). */
export async function userRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const auth = new AuthService(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/users/profile',
    {
      schema: { tags: ['users'], body: profileBody, response: answers({ 200: userData }) },
      preHandler: ctx.guards.requireUser,
    },
    async (request) => {
      const { username, email, firstName, lastName, language, currentPassword } = request.body;
      const changes = {
        ...(username !== undefined && { username }),
        ...(email !== undefined && { email }),
        ...(firstName !== undefined && { first_name: firstName }),
        ...(lastName !== undefined && { last_name: lastName }),
        ...(language !== undefined && { language }),
      };
      const updated = await auth.updateProfile(callerOf(request).id, changes, currentPassword, request.ip);
      return ok({ user: await auth.userDto(updated) });
    },
  );

  api.put(
    '/users/password',
    {
      schema: { tags: ['users'], body: passwordChangeBody, response: answers({ 200: sessionDto }) },
      preHandler: ctx.guards.requireUser,
    },
    async (request) => {
      // Every other session ends; the caller gets a fresh one so this tab stays signed in.
      return ok(
        await auth.changePassword(callerOf(request).id, request.body, {
          address: request.ip,
          device: deviceOf(request),
        }),
      );
    },
  );

  api.delete(
    '/users/email-change',
    {
      schema: { tags: ['users'], response: answers({ 200: userData }) },
      preHandler: ctx.guards.requireUser,
    },
    async (request) => ok({ user: await auth.links.dropEmailChange(callerOf(request).id) }),
  );

  // The caller's own data (issue 35): all of it to take away, or the account deleted.
  api.get(
    '/users/me/export',
    {
      schema: { tags: ['users'], response: answers({ 200: accountExportDto }) },
      preHandler: ctx.guards.requireUser,
    },
    async (request) => ok(await exportAccount(ctx, callerOf(request).id)),
  );

  api.delete(
    '/users/me',
    {
      schema: { tags: ['users'], body: accountDeletionBody, response: answers({ 200: accountDeletedData }) },
      preHandler: ctx.guards.requireUser,
    },
    async (request) => {
      const { ballotsWithdrawn } = await auth.deleteAccount(
        callerOf(request).id,
        request.body.currentPassword,
        request.ip,
      );
      return ok({ deleted: true as const, ballotsWithdrawn });
    },
  );

  api.get(
    '/users/me/votes',
    {
      schema: { tags: ['users'], querystring: myVotesQuery, response: answers({ 200: myVotesData }) },
      preHandler: ctx.guards.requireUser,
    },
    async (request) => {
      const { lang, limit, offset } = request.query;
      return ok(
        await myVotes(ctx, callerOf(request).id, {
          language: requireLanguage(lang),
          limit,
          offset,
        }),
      );
    },
  );
}
