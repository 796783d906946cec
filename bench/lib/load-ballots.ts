import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.js';
import { recountTopics } from '../../server/modules/rankings/recount.js';
import { BallotsRepository } from '../../server/modules/votes/ballots-repository.js';

export interface BallotsToLoad {
  /** How many voters, one ballot each. */
  count: number;
  /** Their usernames' prefix, unique per database. */
  prefix: string;
  /** When voter `n` cast their ballot. */
  castAt: (n: number) => string;
  /** Voter `n`'s places, proposition ids in place order (3, 2, 1 points). */
  places: (n: number) => readonly number[];
}

/**
 * Writes voters and their ballots on a topic straight into the database, in one transaction, as the bench
 * loaders do: users and votes in batches of 1,000, then the ballots made from the votes (fromVotes) and
 * the topic's totals recounted.
 */
export async function loadBallots(db: Kysely<Database>, topicId: number, load: BallotsToLoad): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (let start = 0; start < load.count; start += 1_000) {
      const users = Array.from({ length: Math.min(1_000, load.count - start) }, (_, i) => {
        const n = start + i;
        const at = load.castAt(n);
        return {
          readable_id: `${load.prefix}${n}`,
          username: `${load.prefix}${n}`,
          username_key: `${load.prefix}${n}`,
          email: `${load.prefix}${n}@example.test`,
          password_hash: 'not-a-hash',
          language: 'en',
          created_at: at,
          updated_at: at,
        };
      });
      const inserted = await tx.insertInto('users').values(users).returning(['id', 'created_at']).execute();
      const votes = inserted.flatMap(({ id, created_at }, i) =>
        load.places(start + i).map((propositionId, place) => ({
          user_id: id,
          topic_id: topicId,
          proposition_id: propositionId,
          points: 3 - place,
          created_at,
        })),
      );
      await tx.insertInto('votes').values(votes).execute();
    }
    await new BallotsRepository(tx).fromVotes();
    await recountTopics(tx, [topicId]);
  });
}
