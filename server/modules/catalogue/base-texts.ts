import { BASE_NAME_LANGUAGE } from '../../../common/constants.js';
import { capitalizeFirst } from '../../../common/text/index.js';
import type { Executor } from '../../db/executor.js';
import { errors } from '../../http/errors.js';
import type { BaseTextStore, BaseTexts } from '../texts/service.js';
import { CategoriesRepository } from './categories-repository.js';
import { TagsRepository } from './tags-repository.js';

function namesOf(rows: ReadonlyArray<{ id: number; name: string; created_at: string }>) {
  return new Map<number, BaseTexts>(
    rows.map((row) => [
      row.id,
      {
        language: BASE_NAME_LANGUAGE,
        texts: { name: row.name },
        createdAt: row.created_at,
        updatedAt: row.created_at,
      },
    ]),
  );
}

function requiredName(value: string | null): string {
  const name = value?.trim();
  if (!name) throw errors.validation('Name is required', 'name');
  return name;
}

/** A category's English name lives on its row (BASE_NAME_LANGUAGE); other languages are translations. */
export const categoryBaseTexts: BaseTextStore = {
  read: async (db: Executor, ids) => namesOf(await new CategoriesRepository(db).names(ids)),
  async write(trx, change, id, _key, value) {
    await new CategoriesRepository(trx).update(id, { name: capitalizeFirst(requiredName(value)) });
    change.category(id);
  },
};

/** A tag's English name lives on its row (BASE_NAME_LANGUAGE); other languages are translations. */
export const tagBaseTexts: BaseTextStore = {
  read: async (db: Executor, ids) => namesOf(await new TagsRepository(db).names(ids)),
  async write(trx, change, id, _key, value) {
    await new TagsRepository(trx).update(id, { name: requiredName(value) });
    change.tag(id);
  },
};
