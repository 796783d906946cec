import type { Kysely } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * The system category ("Unassigned", where a forced delete moves topics and tags) had only its English base
 * name, so French, Spanish and German visitors read English in search results and administrators in lists.
 * It gets a name in each language, the one the back-office's delete dialog already promises; administrators
 * cannot edit the system category, so no name of theirs is overwritten (an existing one is kept anyway).
 * Searching finds it by these names after the next start's index check or the next change to its topics.
 */
export const SYSTEM_CATEGORY_NAMES = { fr: 'Non classé', es: 'Sin asignar', de: 'Nicht zugeordnet' } as const;

interface Tables {
  categories: { id: number; slug: string; is_system: number };
  translations: {
    entity_type: string;
    entity_id: number;
    key: string;
    language: string;
    value: string;
    created_at: string;
    updated_at: string;
  };
}

export const systemCategoryNames: PortableMigration = () => ({
  async up(untyped: Kysely<unknown>) {
    const db = untyped as Kysely<Tables>;
    const system = await db.selectFrom('categories').select('id').where('is_system', '=', 1).execute();
    const now = new Date().toISOString();
    for (const { id } of system) {
      for (const [language, value] of Object.entries(SYSTEM_CATEGORY_NAMES)) {
        await db
          .insertInto('translations')
          .values({
            entity_type: 'category',
            entity_id: id,
            key: 'name',
            language,
            value,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.columns(['entity_type', 'entity_id', 'key', 'language']).doNothing())
          .execute();
      }
    }
  },
  async down() {},
});
