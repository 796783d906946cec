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
    db.transaction(() => insertSnapshot(db, topicId, day, ranks))();
  } finally {
    db.close();
  }
}

/**
 * Writes a topic's rank history straight into the server's database, as the daily job would have:
 * `snapshots` maps a number of days before today to the names ranked 1st, 2nd... at that day's end.
 */
export function writeRankHistory(
  databaseFile: string,
  topicId: number,
  snapshots: Record<number, readonly string[]>,
): void {
  const db = new Database(databaseFile, { fileMustExist: true });
  try {
    const ids = new Map(
      db
        .prepare<[number], { id: number; name: string }>(
          'select id, name from propositions where topic_id = ?',
        )
        .all(topicId)
        .map((row) => [row.name, row.id]),
    );
    db.transaction(() => {
      for (const [daysAgo, names] of Object.entries(snapshots)) {
        const day = new Date(Date.now() - Number(daysAgo) * 86_400_000).toISOString().slice(0, 10);
        insertSnapshot(
          db,
          topicId,
          day,
          new Map(names.map((name, index) => [ids.get(name) as number, index + 1])),
        );
      }
    })();
  } finally {
    db.close();
  }
}

/** One snapshot's rows: the day's end, and each ranked proposition (its points are not read by the tests). */
function insertSnapshot(
  db: Database.Database,
  topicId: number,
  day: string,
  ranks: ReadonlyMap<number, number>,
): void {
  db.prepare('insert into rank_snapshots (topic_id, day, taken_at) values (?, ?, ?)').run(
    topicId,
    day,
    `${day}T23:59:59.999Z`,
  );
  const place = db.prepare(
    'insert into rank_snapshot_places (topic_id, day, proposition_id, rank, total_points) values (?, ?, ?, ?, 0)',
  );
  for (const [propositionId, rank] of ranks) place.run(topicId, day, propositionId, rank);
}
