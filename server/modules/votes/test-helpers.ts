import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { makeCategory, makeProposition, makeTopic } from '../../test/catalogue-factory.js';
import type { TestServer } from '../../test/server.js';

/** A topic with the given propositions (no votes yet), written straight into the database. */
export async function topicWith(
  db: Kysely<Database>,
  names: string[] = [],
  options: { isActive?: boolean } = {},
): Promise<{ id: number; propositions: Record<string, number> }> {
  const category = await makeCategory(db);
  const topic = await makeTopic(db, { categoryId: category.id, language: 'en', ...options });
  const propositions: Record<string, number> = {};
  for (const name of names) propositions[name] = (await makeProposition(db, topic.id, name)).id;
  return { id: topic.id, propositions };
}

/** A top 3 in the spec's body shape: names in place order (3, 2, 1 points); empty names are skipped. */
export function ballot(topicId: number, names: (string | null)[], userId?: number) {
  return {
    topicId,
    propositions: names.flatMap((itemName, index) =>
      itemName === null ? [] : [{ itemName, points: 3 - index, ...(userId !== undefined && { userId }) }],
    ),
    userTags: [],
  };
}

export function vote(server: TestServer, token: string, body: unknown) {
  return server.request('POST', '/api/search/propositions', { token, body });
}

/** Creation limits raised out of the way, for tests of many ballots a second from the same few people. */
export const UNLIMITED_CREATIONS = {
  creationLimits: {
    ballotsPerUserPerMinute: 1_000_000,
    propositionsPerUserPerTopic: 1_000_000,
    propositionsPerUser: 1_000_000,
    propositionsPerAddress: 1_000_000,
  },
};
