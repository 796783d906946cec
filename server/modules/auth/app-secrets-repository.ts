import type { Executor } from '../../db/executor.js';

/** Every line of SQL about `app_secrets`: values generated once and shared by every app server. */
export class AppSecretsRepository {
  constructor(private readonly db: Executor) {}

  /** The stored value of `name`; `candidate` is stored first when there is none (the first server wins). */
  async getOrCreate(name: string, candidate: string): Promise<string> {
    await this.db
      .insertInto('app_secrets')
      .values({ name, value: candidate })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('app_secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.value;
  }
}
