import type { Kysely } from 'kysely';
import { usernameKey } from '../../modules/users/username-key.js';
import type { PortableMigration } from './index.js';

interface UserKeys {
  users: { id: number; username: string; username_key: string };
}

/**
 * Usernames are stored in NFC and their uniqueness key becomes the confusable skeleton (UTS #39), so that
 * "admin" and a Cyrillic look-alike cannot both exist. Existing names are rewritten in NFC and given the
 * new key, in id order; a later name whose new key is already held keeps its old key (it stays unique, and
 * its owner can still sign in: e-mails, not names, are the login).
 */
export const usernameKeys: PortableMigration = () => ({
  async up(untyped: Kysely<unknown>) {
    const db = untyped as Kysely<UserKeys>;
    const users = await db
      .selectFrom('users')
      .select(['id', 'username', 'username_key'])
      .orderBy('id')
      .execute();
    const held = new Set(users.map((user) => user.username_key));
    for (const user of users) {
      const username = user.username.normalize('NFC');
      const key = usernameKey(username);
      if (key === user.username_key && username === user.username) continue;
      const changes: { username: string; username_key?: string } = { username };
      if (!held.has(key)) {
        held.delete(user.username_key);
        held.add(key);
        changes.username_key = key;
      }
      await db.updateTable('users').set(changes).where('id', '=', user.id).execute();
    }
  },
  async down() {
    // Keys stay as they are: the old ones were plain lower case, and every new key is still unique.
  },
});
