import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { CLIENT_ROUTES, type RouteAccess } from '../../common/routes.js';
import { buildApp } from '../app.js';
import { TestClock } from '../clock/clock.js';
import type { Guards } from '../modules/auth/guards.js';
import { createTestDatabase, type TestDatabaseKind, testDatabaseKind } from './database.js';
import { testConfig } from './server.js';

/** The map of the API in docs/routes.md: written by `npm run routes`, checked by route-map.test.ts. */
export const ROUTE_MAP_FILE = fileURLToPath(new URL('../../docs/routes.md', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface RouteRow {
  method: string;
  path: string;
  /** The feature folder under server/modules/ that declares the route, else its file or package. */
  module: string;
  /** Who may call it: the guard the route runs behind, and the route's own rule (`config.access`). */
  access: string;
}

interface DeclaredRoute {
  /** A copy: Fastify goes on changing the options it hands the hook (a prefixed '/' gets its URL twice). */
  route: RouteOptions;
  instance: FastifyInstance;
  /** Where the route was declared: the first frame of the stack in the project's own code. */
  declaredIn: string;
}

/**
 * Every route of the real app, built as the tests build it (no web build: pages are the not-found
 * handler's, listed from common/routes.ts instead). Routes are seen through Fastify's `onRoute` hook,
 * added on each instance as Fastify announces it on its `fastify.initialization` channel: buildApp needs
 * no hook of its own for the map.
 */
export async function collectRoutes(kind: TestDatabaseKind = testDatabaseKind()): Promise<RouteRow[]> {
  const declared: DeclaredRoute[] = [];
  const onInstance = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', function (this: FastifyInstance, route) {
      declared.push({ route: { ...route }, instance: this, declaredIn: declarationSite() });
    });
  };
  const database = await createTestDatabase(kind);
  subscribe('fastify.initialization', onInstance);
  try {
    const config = testConfig(database);
    const { app, ctx } = await buildApp({ config, database: database.handle, clock: new TestClock() });
    unsubscribe('fastify.initialization', onInstance);
    try {
      await app.ready();
      return rowsOf(declared, ctx.guards);
    } finally {
      await app.close();
    }
  } finally {
    unsubscribe('fastify.initialization', onInstance);
    await database.destroy();
  }
}

function declarationSite(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  const files = [...stack.matchAll(/\(?((?:file:\/\/)?\/[^():\s]+):\d+:\d+\)?$/gm)].map((match) =>
    (match[1] ?? '').replace(/^file:\/\//, ''),
  );
  const own = files.find(
    (file) =>
      file.startsWith(ROOT) && !file.includes('/node_modules/') && file !== fileURLToPath(import.meta.url),
  );
  if (own) return own.slice(ROOT.length);
  // A route a plugin declares (the API docs): named by the package that declares it.
  const packaged = files.find((file) => /\/node_modules\/(?!fastify\/|avvio\/)/.test(file));
  const name = packaged?.match(/\/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  return name ?? 'unknown';
}

/** server/modules/votes/routes.ts -> votes; server/web/seo-routes.ts -> server/web; else the file. */
function moduleOf(file: string): string {
  const feature = /^server\/modules\/([^/]+)\//.exec(file);
  if (feature?.[1]) return feature[1];
  if (file.startsWith('server/web/')) return 'server/web';
  return file;
}

const GUARD_HOOKS = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

/**
 * The hooks a route runs before its handler: those of the instance it is declared on (the admin
 * plugin's guard, inherited) and its own. Fastify keeps an instance's hooks under a symbol; the map
 * fails loudly rather than guess if that ever changes.
 */
function hooksBeforeHandler(route: RouteOptions, instance: FastifyInstance): unknown[] {
  const symbol = Object.getOwnPropertySymbols(instance).find((s) => s.description === 'fastify.hooks');
  if (!symbol) throw new Error("Fastify no longer keeps an instance's hooks under 'fastify.hooks'");
  const inherited = (instance as unknown as Record<symbol, Record<string, unknown[]>>)[symbol];
  return GUARD_HOOKS.flatMap((name) => [
    ...(inherited?.[name] ?? []),
    ...([] as unknown[]).concat(route[name] ?? []),
  ]);
}

function guardOf(hooks: unknown[], guards: Guards): string {
  if (hooks.includes(guards.requireAdmin)) return 'administrator';
  if (hooks.includes(guards.requireUser)) return 'signed-in';
  if (hooks.includes(guards.optionalUser)) return 'anyone (token optional)';
  return 'anyone';
}

/** Code-point order, so `/admin` comes before `/admin/topics` whatever the locale. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function rowsOf(declared: DeclaredRoute[], guards: Guards): RouteRow[] {
  const rows = declared.map(({ route, instance, declaredIn }) => {
    const methods = ([] as string[]).concat(route.method);
    // Fastify answers HEAD for every GET by itself; the map lists the GET.
    const method = methods.includes('GET') ? 'GET' : methods.join(', ');
    const rule = (route.config as { access?: string } | undefined)?.access;
    const guard = guardOf(hooksBeforeHandler(route, instance), guards);
    return {
      method,
      path: route.url,
      module: moduleOf(declaredIn),
      access: rule ? `${guard}: ${rule}` : guard,
    };
  });
  const unique = new Map(
    rows.filter((row) => row.method !== 'HEAD').map((row) => [`${row.method} ${row.path}`, row]),
  );
  return [...unique.values()].sort(
    (a, b) => byText(a.path, b.path) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );
}

const PAGE_ACCESS: Record<RouteAccess, string> = {
  public: 'anyone',
  user: 'signed-in',
  admin: 'administrator',
};

/** A Markdown table laid out as Biome formats it, so `npm run format` leaves the file as written. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, i) =>
    Math.max(3, cell.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

const code = (text: string) => `\`${text}\``;

export function renderRouteMap(rows: RouteRow[]): string {
  const pages = Object.values(CLIENT_ROUTES)
    .sort((a, b) => byText(a.path, b.path))
    .map((page) => [code(page.path), PAGE_ACCESS[page.access]]);
  return `# Routes

Every route the server answers, one row each, generated from the app itself: \`npm run routes\` rewrites this
file, and \`server/route-map.test.ts\` fails when it no longer matches the app. Do not edit it by hand.

- **module**: the feature folder under \`server/modules/\` that declares the route, \`server/web\` for what the
  web server answers, else the file or the package (the API docs of \`@fastify/swagger-ui\`).
- **who may call it**: the guard the route runs behind (\`ctx.guards\` in \`server/modules/auth/guards.ts\`; every
  module listed under \`admin\` in \`server/modules/index.ts\` runs behind \`requireAdmin\`), then the route's own
  rule where it has one (its \`config.access\`). "token optional": anyone, and a token that is sent is checked.
- Every \`GET\` answers \`HEAD\` too. \`BENCH_ROUTES=true\` adds \`GET /api/bench/constant\` (the benchmarks'
  baseline); \`METRICS_TOKEN\` adds \`GET /metrics\` (Prometheus's text, for that bearer token only; see the
  README's "Metrics"). Requests and answers are documented at \`/api/docs\` (OpenAPI at \`/api/openapi.json\`).

## API and server routes

${table(
  ['method', 'path', 'module', 'who may call it'],
  rows.map((row) => [row.method, code(row.path), row.module, row.access]),
)}

## Pages

Any other address is a page of the web app (\`common/routes.ts\`), answered by \`server/web\` to anyone: 200
at a page's address, 404 elsewhere. The page shows to the people below; the API routes it calls enforce it.

${table(['path', 'who sees it'], pages)}
`;
}
