import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingsData, updateSettingsBody } from '../../../common/api/settings.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { answers } from '../../http/responses.js';
import { callerOf } from '../auth/guards.js';
import { SettingsService } from './service.js';

/** The administrators' settings. Every route here runs behind requireAdmin (see app.ts). */
export async function adminSettingsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = new SettingsService(ctx);
  const tags = ['admin'];

  api.get('/admin/settings', { schema: { tags, response: answers({ 200: settingsData }) } }, async () =>
    ok(await service.read()),
  );

  api.put(
    '/admin/settings',
    { schema: { tags, body: updateSettingsBody, response: answers({ 200: settingsData }) } },
    async (request) => ok(await service.update(callerOf(request), request.body)),
  );
}
