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

/**
 * A topic's rank history at the end of UTC `day` (proposition id to rank), written straight into the
 * server's database as the daily job would: the browser tests compare today's ranking with it.
 */
export function writeRankSnapshot(
  databaseFile: string,
  topicId: number,
  day: string,
  ranks: ReadonlyMap<number, number>,
): void {
  const db = new Database(databaseFile, { fileMustExist: true });
  try {
    db.transaction(() => {
      db.prepare('insert into rank_snapshots (topic_id, day, taken_at) values (?, ?, ?)').run(
        topicId,
        day,
        `${day}T23:59:59.999Z`,
      );
      const place = db.prepare(
        'insert into rank_snapshot_places (topic_id, day, proposition_id, rank, total_points) values (?, ?, ?, ?, 0)',
      );
      for (const [propositionId, rank] of ranks) place.run(topicId, day, propositionId, rank);
    })();
  } finally {
    db.close();
  }
}
