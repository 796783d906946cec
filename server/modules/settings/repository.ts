import type { Executor } from '../../db/executor.js';
import type { SettingsTable } from '../../db/schema.js';

/** Every line of SQL about the administrators' settings (`settings`, one row per saved setting). */
export class SettingsRepository {
  constructor(private readonly db: Executor) {}

  all(): Promise<SettingsTable[]> {
    return this.db.selectFrom('settings').selectAll().orderBy('key').execute();
  }

  async save(row: SettingsTable): Promise<void> {
    await this.db
      .insertInto('settings')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          value_json: row.value_json,
          updated_at: row.updated_at,
          updated_by: row.updated_by,
        }),
      )
      .execute();
  }

  /** A deleted administrator's name leaves the settings they saved last; answers how many. */
  async forgetEditor(username: string): Promise<number> {
    const result = await this.db
      .updateTable('settings')
      .set({ updated_by: '' })
      .where('updated_by', '=', username)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
