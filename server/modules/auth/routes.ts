import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailChangeCancelledData,
  emailChangeLinkBody,
  emailVerificationBody,
  linkRequestedData,
  passwordResetBody,
  passwordResetRequestBody,
} from '../../../common/api/account-links.js';
import {
  loginBody,
  logoutBody,
  logoutData,
  refreshBody,
  registerBody,
  sessionDto,
  sessionTokensDto,
  userData,
} from '../../../common/api/auth.js';
import type { AppContext } from '../../context.js';
import { deviceOf } from '../../http/device.js';
import { ok } from '../../http/envelope.js';
import { errors } from '../../http/errors.js';
import { answers } from '../../http/responses.js';
import { callerOf } from './guards.js';
import { AuthService } from './service.js';

export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const auth = new AuthService(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Login, register and refresh are the doors password guessers knock on: limited per client address.
  const limited = {
    rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' },
  };

  api.post(
    '/auth/register',
    {
      schema: { tags: ['auth'], body: registerBody, response: answers({ 201: sessionDto }) },
      config: limited,
    },
    async (request, reply) =>
      reply.status(201).send(ok(await auth.register(request.body, deviceOf(request)))),
  );

  api.post(
    '/auth/login',
    { schema: { tags: ['auth'], body: loginBody, response: answers({ 200: sessionDto }) }, config: limited },
    async (request) =>
      ok(
        await auth.login(request.body.email, request.body.password, {
          address: request.ip,
          device: deviceOf(request),
        }),
      ),
  );

  api.post(
    '/auth/refresh',
    {
      schema: { tags: ['auth'], body: refreshBody, response: answers({ 200: sessionTokensDto }) },
      config: limited,
    },
    async (request) => ok(await auth.refresh(request.body.refreshToken)),
  );

  // Links mailed about an account (issue 35). A reset request answers 202 alike for every address.
  api.post(
    '/auth/password-reset',
    {
      schema: {
        tags: ['auth'],
        body: passwordResetRequestBody,
        response: answers({ 202: linkRequestedData }),
      },
      config: limited,
    },
    async (request, reply) => {
      await auth.links.requestPasswordReset(request.body.email, request.ip);
      return reply.status(202).send(ok({ requested: true as const }));
    },
  );

  api.post(
    '/auth/password-reset/confirm',
    {
      schema: { tags: ['auth'], body: passwordResetBody, response: answers({ 200: sessionDto }) },
      config: limited,
    },
    async (request) =>
      ok(await auth.links.resetPassword(request.body.token, request.body.password, deviceOf(request))),
  );

  api.post(
    '/auth/verify-email',
    {
      schema: { tags: ['auth'], body: emailVerificationBody, response: answers({ 200: userData }) },
      config: limited,
    },
    async (request) => ok({ user: await auth.links.verifyEmail(request.body.token) }),
  );

  api.post(
    '/auth/verify-email/resend',
    {
      schema: { tags: ['auth'], response: answers({ 202: linkRequestedData }) },
      preHandler: ctx.guards.requireUser,
    },
    async (request, reply) => {
      await auth.links.resendVerification(callerOf(request).id, request.ip);
      return reply.status(202).send(ok({ requested: true as const }));
    },
  );

  api.post(
    '/auth/email-change/confirm',
    {
      schema: { tags: ['auth'], body: emailChangeLinkBody, response: answers({ 200: userData }) },
      config: limited,
    },
    async (request) => ok({ user: await auth.links.confirmEmailChange(request.body.token) }),
  );

  api.post(
    '/auth/email-change/cancel',
    {
      schema: {
        tags: ['auth'],
        body: emailChangeLinkBody,
        response: answers({ 200: emailChangeCancelledData }),
      },
      config: limited,
    },
    async (request) => {
      await auth.links.cancelEmailChange(request.body.token);
      return ok({ cancelled: true as const });
    },
  );

  // A bearer token, when sent, names the session too. An expired or already ended one is no reason to
  // refuse a sign-out: the refresh token still names the session.
  const callerIfAny = async (request: FastifyRequest) => {
    await ctx.guards.optionalUser(request).catch(() => undefined);
  };
  api.post(
    '/auth/logout',
    {
      schema: { tags: ['auth'], body: logoutBody, response: answers({ 200: logoutData }) },
      preHandler: callerIfAny,
    },
    async (request) => {
      await auth.logout({ ...request.body, caller: request.authUser });
      return ok({ loggedOut: true });
    },
  );

  const me = async (request: Parameters<typeof ctx.guards.requireUser>[0]) => {
    const user = await auth.users.findById(callerOf(request).id);
    if (!user) throw errors.unauthorized();
    return ok({ user: await auth.userDto(user) });
  };
  api.get(
    '/auth/me',
    { schema: { tags: ['auth'], response: answers({ 200: userData }) }, preHandler: ctx.guards.requireUser },
    me,
  );
  api.get(
    '/auth/profile',
    { schema: { tags: ['auth'], response: answers({ 200: userData }) }, preHandler: ctx.guards.requireUser },
    me,
  );
}
