import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldText } from '../../../common/text/index.js';
import { makeCategory, makeTopic } from '../../test/catalogue-factory.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { nowIso } from '../../test/wall-clock.js';
import { baseTextsOwnLanguage } from './2026-11-24-0012-base-texts-own-language.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.destroy());

describe('migration 0012: a translation in the entity’s own language folds into its base text', () => {
  it('keeps what visitors read (the translation) as the base text, and no translation in that language', async () => {
    const db = database.handle.db;
    const category = await makeCategory(db, { name: 'Cafes' });
    const topic = await makeTopic(db, { categoryId: category.id, language: 'en', title: 'Old title' });
    const now = nowIso();
    const text = (entity_type: string, entity_id: number, key: string, language: string, value: string) => ({
      entity_type,
      entity_id,
      key,
      language,
      value,
      created_at: now,
      updated_at: now,
    });
    await db
      .insertInto('translations')
      .values([
        text('topic', topic.id, 'title', 'en', 'Best coffee in town'),
        text('topic', topic.id, 'title', 'fr', 'Meilleur café'),
        text('category', category.id, 'name', 'en', 'coffee houses'),
      ])
      .execute();

    await baseTextsOwnLanguage(database.handle.kind).up(db);

    const row = await db
      .selectFrom('topics')
      .select(['title', 'title_key'])
      .where('id', '=', topic.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Best coffee in town', title_key: foldText('Best coffee in town') });
    const categoryRow = await db
      .selectFrom('categories')
      .select('name')
      .where('id', '=', category.id)
      .executeTakeFirstOrThrow();
    expect(categoryRow.name).toBe('Coffee houses');
    const left = await db
      .selectFrom('translations')
      .select(['entity_type', 'language', 'value'])
      // By type and id together: the system category's names (migration 0013) may share an id with the topic.
      .where((eb) =>
        eb.or([
          eb.and([eb('entity_type', '=', 'topic'), eb('entity_id', '=', topic.id)]),
          eb.and([eb('entity_type', '=', 'category'), eb('entity_id', '=', category.id)]),
        ]),
      )
      .execute();
    expect(left).toEqual([{ entity_type: 'topic', language: 'fr', value: 'Meilleur café' }]);
  });
});
