import Database from 'better-sqlite3';

/**
 * The id of `username`'s ballot on a topic, read in the server's database (E2E.databaseFile): no API
 * names a ballot, and an administrator's quarantine takes ballot ids.
 */
export function ballotIdOf(databaseFile: string, username: string, topicId: number): number {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare<[string, number], { id: number }>(
        'select b.id from ballots b join users u on u.id = b.user_id where u.username = ? and b.topic_id = ?',
      )
      .get(username, topicId);
    if (!row) throw new Error(`${username} has no ballot on topic ${topicId}`);
    return row.id;
  } finally {
    db.close();
  }
}
