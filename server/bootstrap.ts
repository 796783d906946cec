import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PodiumApp } from './app.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/database.js';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD } from './db/seed/demo-accounts.js';
import { hashPassword, verifyPassword } from './modules/auth/passwords.js';
import { AuthService } from './modules/auth/service.js';
import { CategoriesService } from './modules/catalogue/categories-service.js';
import { SearchIndexRepository } from './modules/search/index-repository.js';
import { rebuildSearchIndex } from './modules/search/indexer.js';
import { UsersRepository } from './modules/users/repository.js';

export function openConfiguredDatabase(config: Config): DatabaseHandle {
  return openDatabase({
    url: config.databaseUrl,
    directUrl: config.databaseDirectUrl,
    preparedStatements: config.databasePreparedStatements,
    schema: config.databaseSchema,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
  });
}

/** Start-up work on the data: schema, shipped UI texts, the configured administrator, demo content. */
export async function prepareData({ ctx }: PodiumApp, log: FastifyBaseLogger): Promise<void> {
  const added = await ctx.texts.ensureUiCatalog(ctx.clock.nowIso());
  if (added > 0) log.info({ added }, 'UI translation keys inserted');
  const named = await new CategoriesService(ctx).ensureSystemNames();
  if (named.length > 0) log.info({ languages: named }, 'system category named');
  if (ctx.config.seed === 'demo') await seedIfEmpty(ctx, log);
  if (!ctx.config.demoPasswordPublished) await unpublishDemoPassword(ctx, log);
  await rebuildSearchIndexIfMissing(ctx, log);
  if (ctx.config.adminEmail && ctx.config.adminPassword) {
    await new AuthService(ctx).ensureAdministrator(ctx.config.adminEmail, ctx.config.adminPassword);
    log.info({ email: ctx.config.adminEmail }, 'administrator account ensured');
  }
  const warming = performance.now();
  await ctx.search.warm();
  log.info({ ms: Math.round(performance.now() - warming) }, 'search ready');
}

/** A database filled before the search index existed, or by a bulk load, gets its index built once. */
async function rebuildSearchIndexIfMissing(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  if (!(await new SearchIndexRepository(ctx.db).isMissing())) return;
  const started = performance.now();
  const counts = await ctx.db.transaction().execute((trx) => rebuildSearchIndex(trx));
  log.info({ ...counts, ms: Math.round(performance.now() - started) }, 'search index rebuilt');
}

/** Demo content goes only into an empty database; its large module is loaded only then. */
async function seedIfEmpty(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const { isDatabaseEmpty, seedDemoContent } = await import('./db/seed/seed-demo.js');
  if (await isDatabaseEmpty(ctx.db)) {
    const started = performance.now();
    const summary = await seedDemoContent(ctx.database, {
      passwordHash: await hashPassword(demoPasswordFor(ctx.config)),
      now: new Date(ctx.clock.now()),
    });
    log.info({ ...summary, ms: Math.round(performance.now() - started) }, 'demo content seeded');
  }
}

/**
 * The demo accounts' password: the one the README prints on a server only this machine reaches (or when
 * PUBLISH_DEMO_PASSWORD=yes says so), else a random one nobody is told, so that a public server never has
 * accounts anyone can sign in as.
 */
function demoPasswordFor(config: Config): string {
  return config.demoPasswordPublished ? DEMO_PASSWORD : randomBytes(24).toString('base64url');
}

/**
 * A database seeded while the server was local, now served to others: accounts of the demo's domain that
 * still take the printed password get a random one (each distinct hash is checked once).
 */
async function unpublishDemoPassword(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const users = new UsersRepository(ctx.db);
  for (const storedHash of await users.passwordHashesAt(DEMO_EMAIL_DOMAIN)) {
    if (!(await verifyPassword(storedHash, DEMO_PASSWORD))) continue;
    const replaced = await users.replacePasswordHash(
      storedHash,
      await hashPassword(demoPasswordFor(ctx.config)),
    );
    log.warn(
      { accounts: replaced },
      'demo accounts had the password the README prints and this server is reachable by others: they got a random one',
    );
  }
}

export { migrateToLatest };
