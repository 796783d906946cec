import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * One instance per database handle, made on first use: in-process caches are shared by every
 * service of an app, and two apps in one process (tests) never share one.
 */
export function perDatabase<T>(create: (db: Kysely<Database>) => T): (db: Kysely<Database>) => T {
  const instances = new WeakMap<Kysely<Database>, T>();
  return (db) => {
    let instance = instances.get(db);
    if (instance === undefined) {
      instance = create(db);
      instances.set(db, instance);
    }
    return instance;
  };
}
