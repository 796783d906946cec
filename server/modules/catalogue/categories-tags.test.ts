import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uiCatalog } from '../../../common/i18n/index.js';
import { createAdmin, registerUser, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { snapshotDatabase } from '../../test/snapshot.js';
import { CategoriesService } from './categories-service.js';

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createAdmin(server);
});
afterAll(() => server.close());

const as = (method: string, path: string, body?: unknown) =>
  server.request(method, path, { token: admin.accessToken, ...(body === undefined ? {} : { body }) });

let counter = 0;
const unique = (base: string) => `${base} ${String.fromCharCode(97 + (counter++ % 26))}${counter}`;

async function createCategory(name = unique('Category'), extra: Record<string, unknown> = {}) {
  const response = await as('POST', '/api/admin/categories', { name, ...extra });
  expect(response.status).toBe(201);
  return response.body.data.category as { id: number; slug: string; name: string };
}

async function createTag(categoryId: number, name = unique('Tag'), type = 'LOCATION') {
  const response = await as('POST', '/api/admin/tags', { name, type, categoryId });
  expect(response.status).toBe(201);
  return response.body.data.tag as { id: number; slug: string; name: string };
}

async function unassignedId() {
  const list = await as('GET', '/api/admin/categories');
  return list.body.data.categories.find((c: { slug: string }) => c.slug === 'unassigned').id as number;
}

describe('admin categories', () => {
  it('creates a category with its English name capitalised, a slug from it and optional names in fr, es, de', async () => {
    const response = await as('POST', '/api/admin/categories', {
      name: '  street FOOD ',
      translations: { fr: 'Cuisine de rue', es: '', de: 'Straßenessen' },
    });
    expect(response.status).toBe(201);
    const category = response.body.data.category;
    expect(category).toMatchObject({
      name: 'Street food',
      slug: 'street-food',
      isSystem: false,
      parentId: null,
    });
    expect(category.counts).toEqual({ mainTopics: 0, topics: 0, tags: 0, subcategories: 0 });
    expect(category.translations).toEqual([
      { language: 'fr', name: 'Cuisine de rue' },
      { language: 'en', name: 'Street food' },
      { language: 'de', name: 'Straßenessen' },
    ]);

    const list = await as('GET', '/api/admin/categories');
    expect(list.status).toBe(200);
    expect(list.body.data.categories).toContainEqual(
      expect.objectContaining({ id: category.id, slug: 'street-food' }),
    );
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'category')
      .where('entity_id', '=', String(category.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actor_id: admin.id });
  });

  it('refuses a category whose slug exists with 409 SLUG_EXISTS and changes nothing', async () => {
    await createCategory('Bakeries');
    const before = await snapshotDatabase(server.ctx.db);
    const response = await as('POST', '/api/admin/categories', { name: 'BAKERIES' });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('SLUG_EXISTS');
    expect(await snapshotDatabase(server.ctx.db)).toBe(before);
  });

  it('refuses a missing or blank English name with 400 naming the field', async () => {
    const response = await as('POST', '/api/admin/categories', { name: '   ' });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'name' });
  });

  it('renames a category (capitalised, slug kept) and sets or removes names in other languages', async () => {
    const category = await createCategory(unique('Old name'), { translations: { fr: 'Ancien' } });
    const response = await as('PUT', `/api/admin/categories/${category.id}`, {
      name: 'NEW name',
      translations: { fr: null, es: 'Nuevo' },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.category).toMatchObject({ name: 'New name', slug: category.slug });
    expect(response.body.data.category.translations).toEqual([
      { language: 'en', name: 'New name' },
      { language: 'es', name: 'Nuevo' },
    ]);
  });

  it('answers 409 TRANSLATION_EXISTS to adding a name that exists, and PUT updates it', async () => {
    const category = await createCategory(unique('Seafood'), { translations: { fr: 'Fruits de mer' } });
    const add = await as('POST', `/api/admin/categories/${category.id}/translations`, {
      language: 'fr',
      name: 'Mer',
    });
    expect(add.status).toBe(409);
    expect(add.body.error.code).toBe('TRANSLATION_EXISTS');
    const put = await as('PUT', `/api/admin/categories/${category.id}/translations/fr`, { name: 'Poissons' });
    expect(put.status).toBe(200);
    expect(put.body.data.category.translations).toContainEqual({ language: 'fr', name: 'Poissons' });
    const added = await as('POST', `/api/admin/categories/${category.id}/translations`, {
      language: 'de',
      name: 'Meer',
    });
    expect(added.status).toBe(201);
    const bad = await as('PUT', `/api/admin/categories/${category.id}/translations/it`, { name: 'Mare' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('UNSUPPORTED_LANGUAGE');
  });

  it('refuses to edit, translate or delete the “unassigned” system category with 403 SYSTEM_CATEGORY', async () => {
    const id = await unassignedId();
    const before = await snapshotDatabase(server.ctx.db);
    const edit = await as('PUT', `/api/admin/categories/${id}`, { name: 'Other' });
    expect(edit.status).toBe(403);
    expect(edit.body.error).toMatchObject({
      code: 'SYSTEM_CATEGORY',
      message: 'The “unassigned” category is a system category and cannot be edited.',
    });
    const translate = await as('PUT', `/api/admin/categories/${id}/translations/fr`, { name: 'Autre' });
    expect(translate.status).toBe(403);
    const remove = await as('DELETE', `/api/admin/categories/${id}?force=true`);
    expect(remove.status).toBe(403);
    expect(remove.body.error).toMatchObject({
      code: 'SYSTEM_CATEGORY',
      message: 'The “unassigned” category is a system category and cannot be deleted.',
    });
    expect(await snapshotDatabase(server.ctx.db)).toBe(before);
  });

  it('deletes an unused category at once', async () => {
    const category = await createCategory();
    const response = await as('DELETE', `/api/admin/categories/${category.id}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ deleted: true });
    const left = await server.ctx.db
      .selectFrom('translations')
      .select('id')
      .where('entity_type', '=', 'category')
      .where('entity_id', '=', category.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses to delete a category in use with 409 CATEGORY_IN_USE, and force moves its topics, tags and subcategories to “unassigned”, named in each language', async () => {
    const category = await createCategory();
    const child = await createCategory(undefined, { parentId: category.id });
    const tag = await createTag(category.id);
    const topic = await as('POST', '/api/admin/topics', {
      name: unique('Best thing'),
      categoryId: category.id,
      isMainTopic: true,
      tags: [tag.slug],
    });
    expect(topic.status).toBe(201);

    const before = await snapshotDatabase(server.ctx.db);
    const refused = await as('DELETE', `/api/admin/categories/${category.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('CATEGORY_IN_USE');
    expect(await snapshotDatabase(server.ctx.db)).toBe(before);

    const forced = await as('DELETE', `/api/admin/categories/${category.id}?force=true`);
    expect(forced.status).toBe(200);
    expect(forced.body.data.moved).toEqual({ topics: 1, tags: 1, subcategories: 1 });
    const unassigned = await unassignedId();
    const moved = await as('GET', `/api/admin/topics/${topic.body.data.topic.id}`);
    expect(moved.body.data.topic.categoryId).toBe(unassigned);
    const tags = await as('GET', '/api/admin/tags');
    expect(tags.body.data.tags.find((t: { id: number }) => t.id === tag.id)).toMatchObject({
      categoryId: unassigned,
      usage: 1,
    });
    const categories = await as('GET', '/api/admin/categories');
    expect(categories.body.data.categories.find((c: { id: number }) => c.id === child.id).parentId).toBe(
      unassigned,
    );
    expect(categories.body.data.categories.some((c: { id: number }) => c.id === category.id)).toBe(false);

    // The moved topic's category reads in the visitor's language, not in the system category's English.
    const topicId = topic.body.data.topic.id;
    const names = await Promise.all(
      (['fr', 'es', 'de', 'en'] as const).map(async (lang) => {
        const page = await server.request('GET', `/api/topics/${topicId}?lang=${lang}`);
        return page.body.data.topic.category.name;
      }),
    );
    expect(names).toEqual(['Non classé', 'Sin asignar', 'Nicht zugeordnet', 'Unassigned']);
  });

  it('names the system category at start in a language that lacks its name, from its catalog file, keeping a name that is there', async () => {
    const id = await unassignedId();
    const names = server.ctx.db
      .selectFrom('translations')
      .select(['language', 'value'])
      .where('entity_type', '=', 'category')
      .where('entity_id', '=', id)
      .where('key', '=', 'name');
    await server.ctx.db
      .deleteFrom('translations')
      .where('entity_type', '=', 'category')
      .where('entity_id', '=', id)
      .where('language', '=', 'de')
      .execute();
    await server.ctx.db
      .updateTable('translations')
      .set({ value: 'Sans catégorie' })
      .where('entity_type', '=', 'category')
      .where('entity_id', '=', id)
      .where('language', '=', 'fr')
      .execute();

    expect(await new CategoriesService(server.ctx).ensureSystemNames()).toEqual(['de']);
    expect(Object.fromEntries((await names.execute()).map((row) => [row.language, row.value]))).toEqual({
      fr: 'Sans catégorie',
      es: 'Sin asignar',
      de: uiCatalog.de['category.system.name'],
    });
    expect(await new CategoriesService(server.ctx).ensureSystemNames()).toEqual([]);
  });

  it('answers 404 for a category that does not exist', async () => {
    const response = await as('PUT', '/api/admin/categories/999999', { name: 'Ghost' });
    expect(response.status).toBe(404);
  });
});

describe('admin tags', () => {
  it('creates a tag with its type upper-cased, a slug from its name, names in four languages and usage 0', async () => {
    const category = await createCategory();
    const response = await as('POST', '/api/admin/tags', {
      name: ' Vegan friendly ',
      type: 'dietary',
      categoryId: category.id,
      translations: { fr: 'Végane', de: 'Vegan' },
    });
    expect(response.status).toBe(201);
    expect(response.body.data.tag).toMatchObject({
      slug: 'vegan-friendly',
      name: 'Vegan friendly',
      type: 'DIETARY',
      categoryId: category.id,
      category: { id: category.id, slug: category.slug, name: category.name },
      usage: 0,
    });
    expect(response.body.data.tag.translations).toHaveLength(3);
  });

  it('requires a category, a name and a type on create', async () => {
    const category = await createCategory();
    for (const body of [
      { name: 'No category', type: 'OTHER' },
      { name: '', type: 'OTHER', categoryId: category.id },
      { name: 'No type', type: ' ', categoryId: category.id },
      { name: 'Ghost category', type: 'OTHER', categoryId: 999999 },
    ]) {
      const response = await as('POST', '/api/admin/tags', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses a duplicate tag with 409 SLUG_EXISTS and changes nothing', async () => {
    const category = await createCategory();
    await createTag(category.id, 'Montmartre');
    const before = await snapshotDatabase(server.ctx.db);
    const response = await as('POST', '/api/admin/tags', {
      name: 'montmartre',
      type: 'LOCATION',
      categoryId: category.id,
    });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('SLUG_EXISTS');
    expect(await snapshotDatabase(server.ctx.db)).toBe(before);
  });

  it('edits name, type and category, including "No category"', async () => {
    const category = await createCategory();
    const tag = await createTag(category.id);
    const response = await as('PUT', `/api/admin/tags/${tag.id}`, {
      name: 'Renamed tag',
      type: 'price',
      categoryId: null,
      translations: { fr: 'Tag renommé' },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.tag).toMatchObject({
      name: 'Renamed tag',
      type: 'PRICE',
      categoryId: null,
      category: null,
    });
    expect(response.body.data.tag.translations).toContainEqual({ language: 'fr', name: 'Tag renommé' });
    const put = await as('PUT', `/api/admin/tags/${tag.id}/translations/es`, { name: 'Etiqueta' });
    expect(put.status).toBe(200);
    const again = await as('POST', `/api/admin/tags/${tag.id}/translations`, {
      language: 'es',
      name: 'Otra',
    });
    expect(again.status).toBe(409);
  });

  it('refuses to delete a tag used by a topic with 409 TAG_IN_USE, and deletes it once unused', async () => {
    const category = await createCategory();
    const tag = await createTag(category.id);
    const topic = await as('POST', '/api/admin/topics', {
      name: unique('Tagged'),
      categoryId: category.id,
      tags: [tag.slug],
    });
    expect(topic.status).toBe(201);
    const before = await snapshotDatabase(server.ctx.db);
    const refused = await as('DELETE', `/api/admin/tags/${tag.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('TAG_IN_USE');
    expect(await snapshotDatabase(server.ctx.db)).toBe(before);

    const untag = await as('DELETE', `/api/admin/topics/${topic.body.data.topic.slug}/tags/${tag.slug}`);
    expect(untag.status).toBe(200);
    const removed = await as('DELETE', `/api/admin/tags/${tag.id}`);
    expect(removed.status).toBe(200);
  });

  it('lists tags with category, translations and usage, optionally of one category', async () => {
    const category = await createCategory();
    const tag = await createTag(category.id);
    const response = await as('GET', `/api/admin/tags?categoryId=${category.id}`);
    expect(response.status).toBe(200);
    expect(response.body.data.tags).toEqual([
      expect.objectContaining({ id: tag.id, usage: 0, translations: [{ language: 'en', name: tag.name }] }),
    ]);
  });
});

describe('the admin guard on every admin route', () => {
  it('answers 401 to an anonymous caller and 403 to a non-administrator on each registered /api/admin route', async () => {
    const user = await registerUser(server);
    const routes = adminRoutes(server.app.printRoutes({ commonPrefix: false }));
    const paths = routes.map((route) => `${route.method} ${route.path}`);
    for (const expected of [
      'GET /api/admin/categories',
      'DELETE /api/admin/categories/1',
      'PUT /api/admin/tags/1/translations/1',
      'POST /api/admin/topics/wizard',
      'DELETE /api/admin/topics/1/propositions/1',
    ]) {
      expect(paths).toContain(expected);
    }
    for (const { method, path } of routes) {
      const anonymous = await server.request(
        method,
        path,
        method === 'GET' || method === 'DELETE' ? {} : { body: {} },
      );
      expect(anonymous.status, `${method} ${path} anonymous`).toBe(401);
      const plain = await server.request(method, path, {
        token: user.accessToken,
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
      });
      expect(plain.status, `${method} ${path} as a user`).toBe(403);
    }
  });
});

/** Every method and path under /api/admin, read from Fastify's printed route tree (1 for each parameter). */
function adminRoutes(tree: string): Array<{ method: string; path: string }> {
  const stack: string[] = [];
  const routes: Array<{ method: string; path: string }> = [];
  for (const line of tree.split('\n')) {
    const start = line.search(/[^\s│├└─]/);
    const match = /^(\S+) \(([^)]+)\)/.exec(line.slice(start));
    if (start < 0 || !match) continue;
    const depth = Math.round(start / 4);
    stack.length = depth;
    stack[depth - 1] = match[1] ?? '';
    const path = stack.join('').replace(/:\w+/g, '1');
    if (!path.startsWith('/api/admin')) continue;
    for (const method of (match[2] ?? '').split(', ')) if (method !== 'HEAD') routes.push({ method, path });
  }
  return routes;
}
