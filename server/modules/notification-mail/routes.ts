import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  UNSUBSCRIBE_API_PATH,
  unsubscribeBody,
  unsubscribeData,
  unsubscribeQuery,
} from '../../../common/api/notification-mail.js';
import { notificationSettingsBody, notificationSettingsData } from '../../../common/api/notifications.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { errors } from '../../http/errors.js';
import { answers } from '../../http/responses.js';
import { callerOf } from '../auth/guards.js';
import { NotificationSettingsService } from './settings.js';
import { Unsubscribes } from './unsubscribe.js';

/** Form bodies, as mail clients send RFC 8058's one click (multipart or URL-encoded): read as the Fetch API does. */
async function formBody(contentType: string, body: Buffer): Promise<Record<string, string>> {
  try {
    const form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': contentType },
    }).formData();
    return Object.fromEntries([...form].map(([key, value]) => [key, typeof value === 'string' ? value : '']));
  } catch {
    throw errors.badRequest('The form cannot be read');
  }
}

/** The delivery of each notification kind (the caller's own), and one-click unsubscribe (no sign-in). */
export async function notificationMailRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const settings = new NotificationSettingsService(ctx);
  const unsubscribes = new Unsubscribes(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const settingsRoute = { tags: ['notifications'], response: answers({ 200: notificationSettingsData }) };

  api.get(
    '/users/me/notification-settings',
    { schema: settingsRoute, preHandler: ctx.guards.requireUser },
    async (request) => ok(await settings.get(callerOf(request))),
  );
  api.put(
    '/users/me/notification-settings',
    { schema: { ...settingsRoute, body: notificationSettingsBody }, preHandler: ctx.guards.requireUser },
    async (request) => ok(await settings.set(callerOf(request), request.body.settings)),
  );

  // Only this plugin's routes read forms: everywhere else the API speaks JSON.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'buffer' }, (request, body, done) => {
      formBody(String(request.headers['content-type']), body as Buffer).then(
        (form) => done(null, form),
        (error: Error) => done(error),
      );
    });
  }
  api.post(
    UNSUBSCRIBE_API_PATH,
    {
      schema: {
        tags: ['notifications'],
        summary: 'One-click unsubscribe (RFC 8058): the kind the mailed link names goes back to the app only',
        querystring: unsubscribeQuery,
        body: unsubscribeBody,
        response: answers({ 200: unsubscribeData }),
      },
    },
    async (request) => ok(await unsubscribes.use(request.query.token)),
  );
}
