import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uiCatalog } from '../../../common/i18n/index.js';
import { makeCategory, makeTopic } from '../../test/catalogue-factory.js';
import { createAdmin, registerUser, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { snapshotDatabase } from '../../test/snapshot.js';

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createAdmin(server);
});
afterAll(() => server.close());

const save = (body: unknown, token = admin.accessToken) =>
  server.request('POST', '/api/translations', { token, body });

const auditCount = async () =>
  Number(
    (
      await server.ctx.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function expectRefused(
  send: () => Promise<{ status: number; body: any }>,
  status: number,
  code: string,
) {
  const before = await snapshotDatabase(server.ctx.db);
  const response = await send();
  expect(response.status).toBe(status);
  expect(response.body.error.code).toBe(code);
  expect(await snapshotDatabase(server.ctx.db)).toBe(before);
  return response;
}

describe('POST /api/translations', () => {
  it('a UI text edited through the API is served by GET /api/translations/ui/{lang} at once', async () => {
    const key = 'nav.home';
    expect((await server.request('GET', '/api/translations/ui/de')).body.data.translations[key]).toBe(
      uiCatalog.de[key],
    );
    const response = await save({
      entityType: 'ui',
      entityId: null,
      key,
      language: 'de',
      value: 'Startseite!',
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      created: false,
      translation: { entityType: 'ui', entityId: null, key, language: 'de', value: 'Startseite!' },
    });
    const ui = await server.request('GET', '/api/translations/ui/de');
    expect(ui.body.data.translations[key]).toBe('Startseite!');
  });

  it('creates a new record with 201 and leaves exactly one audit row with before and after', async () => {
    const before = await auditCount();
    const created = await save({ entityType: 'ui', key: 'test.brandNew', language: 'es', value: 'Nuevo' });
    expect(created.status).toBe(201);
    expect(created.body.data.created).toBe(true);
    const id = created.body.data.translation.id;
    expect(await auditCount()).toBe(before + 1);

    const updated = await save({ entityType: 'ui', key: 'test.brandNew', language: 'es', value: 'Nuevo 2' });
    expect(updated.status).toBe(200);
    expect(await auditCount()).toBe(before + 2);
    const rows = await server.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'translation')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.action)).toEqual(['create', 'update']);
    expect(rows[0]?.before_json).toBeNull();
    expect(JSON.parse(rows[1]?.before_json ?? '{}')).toMatchObject({ value: 'Nuevo' });
    expect(JSON.parse(rows[1]?.after_json ?? '{}')).toMatchObject({ value: 'Nuevo 2' });
  });

  it("refuses a missing key or value with 'Key and value are required'", async () => {
    for (const body of [
      { entityType: 'ui', key: '', language: 'fr', value: 'x' },
      { entityType: 'ui', key: 'a.b', language: 'fr', value: '   ' },
      { entityType: 'ui', language: 'fr', value: 'x' },
    ]) {
      const response = await expectRefused(() => save(body), 400, 'VALIDATION_ERROR');
      expect(response.body.error.message).toMatch(/Key and value are required$/);
      expect(['key', 'value']).toContain(response.body.error.field);
    }
  });

  it('refuses a value over 5,000 characters, an unknown language or type', async () => {
    await expectRefused(
      () => save({ entityType: 'ui', key: 'a.b', language: 'fr', value: 'x'.repeat(5001) }),
      400,
      'VALIDATION_ERROR',
    );
    await expectRefused(
      () => save({ entityType: 'ui', key: 'a.b', language: 'it', value: 'x' }),
      400,
      'VALIDATION_ERROR',
    );
    await expectRefused(
      () => save({ entityType: 'page', key: 'a.b', language: 'fr', value: 'x' }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('writes a catalogue name only for an existing entity and one of its keys', async () => {
    const category = await makeCategory(server.ctx.db, { name: 'Pizza' });
    const ok = await save({
      entityType: 'category',
      entityId: category.id,
      key: 'name',
      language: 'de',
      value: 'Pizza DE',
    });
    expect(ok.status).toBe(201);
    await expectRefused(
      () => save({ entityType: 'category', entityId: category.id, key: 'title', language: 'de', value: 'x' }),
      400,
      'VALIDATION_ERROR',
    );
    await expectRefused(
      () => save({ entityType: 'category', entityId: 987654, key: 'name', language: 'de', value: 'x' }),
      404,
      'NOT_FOUND',
    );
  });

  it('is refused without a token (401) and to a non-administrator (403), before the body is read', async () => {
    const user = await registerUser(server);
    await expectRefused(
      () => save({ entityType: 'ui', key: 'nav.home', language: 'de', value: 'Hacked' }, ''),
      401,
      'UNAUTHORIZED',
    );
    await expectRefused(
      () => save({ entityType: 'ui', key: 'nav.home', language: 'de', value: 'Hacked' }, user.accessToken),
      403,
      'FORBIDDEN',
    );
    await expectRefused(() => save('not json at all', user.accessToken), 403, 'FORBIDDEN');
  });
});

describe('DELETE /api/translations/{type}/{id}/{field}/{lang}', () => {
  it('deletes one record, audits it, and answers 404 the second time', async () => {
    await save({ entityType: 'ui', key: 'test.toDelete', language: 'fr', value: 'À supprimer' });
    const before = await auditCount();
    const response = await server.request('DELETE', '/api/translations/ui/null/test.toDelete/fr', {
      token: admin.accessToken,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.translation).toMatchObject({ key: 'test.toDelete', value: 'À supprimer' });
    expect(await auditCount()).toBe(before + 1);
    await expectRefused(
      () =>
        server.request('DELETE', '/api/translations/ui/null/test.toDelete/fr', { token: admin.accessToken }),
      404,
      'NOT_FOUND',
    );
  });

  it('is refused to a non-administrator', async () => {
    const user = await registerUser(server);
    await expectRefused(
      () => server.request('DELETE', '/api/translations/ui/null/nav.home/fr', { token: user.accessToken }),
      403,
      'FORBIDDEN',
    );
  });
});

describe('public reads', () => {
  it('GET /api/translations/{type}/{id}/{field}/{lang} returns one record, with fallback', async () => {
    const category = await makeCategory(server.ctx.db, { name: 'Tacos', names: { fr: 'Tacos FR' } });
    const own = await server.request('GET', `/api/translations/category/${category.id}/name/fr`);
    expect(own.status).toBe(200);
    expect(own.body.data.translation).toMatchObject({
      entityType: 'category',
      entityId: category.id,
      value: 'Tacos FR',
    });
    const fallback = await server.request(
      'GET',
      `/api/translations/category/${category.id}/name/es?fallback=fr`,
    );
    expect(fallback.body.data.translation).toMatchObject({ language: 'fr', value: 'Tacos FR' });
    const none = await server.request('GET', `/api/translations/category/${category.id}/name/es?fallback=es`);
    expect(none.status).toBe(404);
    const ui = await server.request('GET', '/api/translations/ui/null/nav.home/en');
    expect(ui.body.data.translation).toMatchObject({ entityId: null, value: uiCatalog.en['nav.home'] });
  });

  it('GET /api/translations/entity/{type}/{id}/{lang} maps each key to its text, with fallback', async () => {
    const category = await makeCategory(server.ctx.db);
    const topic = await makeTopic(server.ctx.db, {
      categoryId: category.id,
      titles: { fr: 'Titre', en: 'Title' },
      descriptions: { fr: 'Description FR' },
    });
    const response = await server.request('GET', `/api/translations/entity/topic/${topic.id}/en?fallback=fr`);
    expect(response.status).toBe(200);
    expect(response.body.data.translations).toEqual({ title: 'Title', description: 'Description FR' });
  });

  it("hides a deactivated topic's texts from visitors and users, as its page does, but not from administrators", async () => {
    const category = await makeCategory(server.ctx.db);
    const hidden = await makeTopic(server.ctx.db, {
      categoryId: category.id,
      isActive: false,
      titles: { fr: 'Sujet retiré', en: 'Withdrawn topic' },
    });
    const user = await registerUser(server);
    const paths = [
      `/api/translations/entity/topic/${hidden.id}/en`,
      `/api/translations/topic/${hidden.id}/title/en`,
    ];
    for (const path of paths) {
      expect((await server.request('GET', path)).status, path).toBe(404);
      expect((await server.request('GET', path, { token: user.accessToken })).status, path).toBe(404);
      expect((await server.request('GET', path, { token: admin.accessToken })).status, path).toBe(200);
    }
    const all = await server.request('GET', '/api/translations/entity/topic/all/en');
    expect(all.body.data.translations[hidden.id]).toBeUndefined();
    const allForAdmin = await server.request('GET', '/api/translations/entity/topic/all/en', {
      token: admin.accessToken,
    });
    expect(allForAdmin.body.data.translations[hidden.id]).toMatchObject({ title: 'Withdrawn topic' });
  });

  it('GET /api/translations/entity/{type}/all/{lang} groups every entity of a type', async () => {
    const a = await makeCategory(server.ctx.db, { names: { de: 'A de' } });
    const b = await makeCategory(server.ctx.db, { names: { fr: 'B fr' } });
    const response = await server.request('GET', '/api/translations/entity/category/all/de');
    expect(response.status).toBe(200);
    expect(response.body.data.translations[a.id]).toEqual({ name: 'A de' });
    expect(response.body.data.translations[b.id]).toEqual({ name: 'B fr' });
  });

  it('answers 400 UNSUPPORTED_LANGUAGE for a language outside fr, en, es, de and 400 for a bad id', async () => {
    const lang = await server.request('GET', '/api/translations/entity/category/all/it');
    expect(lang.status).toBe(400);
    expect(lang.body.error.code).toBe('UNSUPPORTED_LANGUAGE');
    const id = await server.request('GET', '/api/translations/entity/category/abc/fr');
    expect(id.status).toBe(400);
    expect(id.body.error.field).toBe('id');
  });
});

describe('GET /api/admin/translations', () => {
  it('lists records filtered by language, type and text, with the total', async () => {
    await save({ entityType: 'ui', key: 'test.searchable', language: 'en', value: 'Zebra Crossing' });
    const response = await server.request(
      'GET',
      '/api/admin/translations?language=en&entityType=ui&q=zebra',
      {
        token: admin.accessToken,
      },
    );
    expect(response.status).toBe(200);
    expect(response.body.data.total).toBe(1);
    expect(response.body.data.translations[0]).toMatchObject({
      entityType: 'ui',
      entityId: null,
      key: 'test.searchable',
      language: 'en',
      value: 'Zebra Crossing',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const all = await server.request('GET', '/api/admin/translations?language=en&entityType=all', {
      token: admin.accessToken,
    });
    expect(all.body.data.total).toBeGreaterThan(Object.keys(uiCatalog.en).length - 1);
  });

  it('lists the UI keys present in French but missing in a language', async () => {
    await save({ entityType: 'ui', key: 'test.frenchOnly', language: 'fr', value: 'Seulement en français' });
    const response = await server.request('GET', '/api/admin/translations/missing?language=de', {
      token: admin.accessToken,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.missing).toContainEqual({
      key: 'test.frenchOnly',
      reference: 'Seulement en français',
    });
    const french = await server.request('GET', '/api/admin/translations/missing?language=fr', {
      token: admin.accessToken,
    });
    expect(french.body.data.total).toBe(0);
  });

  it('is refused to a non-administrator', async () => {
    const user = await registerUser(server);
    const response = await server.request('GET', '/api/admin/translations', { token: user.accessToken });
    expect(response.status).toBe(403);
  });
});

describe('catalogue texts and search', () => {
  it('makes a topic findable by a title written in the back-office, at once', async () => {
    const category = await makeCategory(server.ctx.db);
    const topic = await makeTopic(server.ctx.db, { categoryId: category.id, title: 'Gâteau du dimanche' });
    const saved = await save({
      entityType: 'topic',
      entityId: topic.id,
      key: 'title',
      language: 'de',
      value: 'Schwarzwälder Kirschtorte am Sonntag',
    });
    expect(saved.status).toBe(201);
    const found = await server.request('GET', '/api/search/smart?q=kirschtorte&lang=de');
    expect(found.body.data.suggestions.map((s: { id: number }) => s.id)).toContain(topic.id);
  });
});

describe('a text in the entity’s own language is its base text', () => {
  it('is written on the entity by POST /api/translations, read back without an id, and never stored twice', async () => {
    const category = await makeCategory(server.ctx.db);
    const topic = await makeTopic(server.ctx.db, { categoryId: category.id, language: 'es', title: 'Tapas' });
    const saved = await save({
      entityType: 'topic',
      entityId: topic.id,
      key: 'title',
      language: 'es',
      value: 'Las mejores tapas',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      created: false,
      translation: { id: null, entityId: topic.id, language: 'es', value: 'Las mejores tapas' },
    });
    const stored = await server.ctx.db
      .selectFrom('translations')
      .select('language')
      .where('entity_type', '=', 'topic')
      .where('entity_id', '=', topic.id)
      .execute();
    expect(stored.map((row) => row.language)).not.toContain('es');
    const shown = await server.request('GET', `/api/topics/${topic.id}?language=es`);
    expect(shown.body.data.topic.title).toBe('Las mejores tapas');
    const record = await server.request('GET', `/api/translations/topic/${topic.id}/title/es`);
    expect(record.body.data.translation).toMatchObject({
      id: null,
      language: 'es',
      value: 'Las mejores tapas',
    });
  });

  it('refuses to remove a title or a name, which every reader falls back to, and changes nothing', async () => {
    const category = await makeCategory(server.ctx.db, { name: 'Bakeries' });
    const before = await snapshotDatabase(server.ctx.db);
    const response = await server.request('DELETE', `/api/translations/category/${category.id}/name/en`, {
      token: admin.accessToken,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(await snapshotDatabase(server.ctx.db)).toEqual(before);
  });

  it('is the English name of a category: the name shown to English readers, the fallback of the others', async () => {
    const category = await makeCategory(server.ctx.db, { name: 'Bakeries', names: { fr: 'Boulangeries' } });
    const saved = await save({
      entityType: 'category',
      entityId: category.id,
      key: 'name',
      language: 'en',
      value: 'Bread shops',
    });
    expect(saved.status).toBe(200);
    const row = await server.ctx.db
      .selectFrom('categories')
      .select('name')
      .where('id', '=', category.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Bread shops');
    const texts = await server.request(
      'GET',
      `/api/translations/entity/category/${category.id}/es?fallback=en`,
    );
    expect(texts.body.data.translations).toEqual({ name: 'Bread shops' });
  });
});
