import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';

/**
 * Recomputes every running total from the votes table and lists each stored value that differs
 * (an empty list means the totals are exact). Tests and the bulk loader use it as their proof;
 * the comparison runs in the database so that a million votes never cross the wire.
 */
export async function findTotalsMismatches(db: Kysely<Database>): Promise<string[]> {
  const propositions = await db
    .selectFrom('propositions as p')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('votes')
          .select((v) => [
            'proposition_id',
            v.fn.sum<number>('points').as('total_points'),
            v.fn.countAll<number>().as('vote_count'),
            v.fn.sum<number>(v.case().when('points', '=', 3).then(1).else(0).end()).as('first_count'),
            v.fn.sum<number>(v.case().when('points', '=', 2).then(1).else(0).end()).as('second_count'),
            v.fn.sum<number>(v.case().when('points', '=', 1).then(1).else(0).end()).as('third_count'),
          ])
          .groupBy('proposition_id')
          .as('v'),
      (join) => join.onRef('v.proposition_id', '=', 'p.id'),
    )
    .select((eb) => [
      'p.id',
      'p.topic_id',
      'p.total_points as stored_total_points',
      'p.vote_count as stored_vote_count',
      'p.first_count as stored_first_count',
      'p.second_count as stored_second_count',
      'p.third_count as stored_third_count',
      eb.fn.coalesce('v.total_points', eb.lit(0)).as('total_points'),
      eb.fn.coalesce('v.vote_count', eb.lit(0)).as('vote_count'),
      eb.fn.coalesce('v.first_count', eb.lit(0)).as('first_count'),
      eb.fn.coalesce('v.second_count', eb.lit(0)).as('second_count'),
      eb.fn.coalesce('v.third_count', eb.lit(0)).as('third_count'),
    ])
    .where((eb) =>
      eb.or(
        (['total_points', 'vote_count', 'first_count', 'second_count', 'third_count'] as const).map(
          (column) => eb(eb.fn.coalesce(`v.${column}`, eb.lit(0)), '<>', eb.ref(`p.${column}`)),
        ),
      ),
    )
    .orderBy('p.id')
    .execute();

  const topics = await db
    .selectFrom('topics as t')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('votes')
          .select((v) => ['topic_id', v.fn.count<number>('user_id').distinct().as('voters')])
          .groupBy('topic_id')
          .as('v'),
      (join) => join.onRef('v.topic_id', '=', 't.id'),
    )
    .select((eb) => ['t.id', 't.vote_count', eb.fn.coalesce('v.voters', eb.lit(0)).as('voters')])
    .where('t.is_main', '=', 0)
    .where((eb) => eb(eb.fn.coalesce('v.voters', eb.lit(0)), '<>', eb.ref('t.vote_count')))
    .orderBy('t.id')
    .execute();

  // A main topic is a hub: its count is the ballots (voters) on its active sub-topics.
  const hubs = await db
    .selectFrom('topics as t')
    .select((eb) => [
      't.id',
      't.vote_count',
      eb
        .selectFrom('topics as sub')
        .select(sql<number>`coalesce(sum(sub.vote_count), 0)`.as('total'))
        .whereRef('sub.main_topic_id', '=', 't.id')
        .where('sub.is_active', '=', 1)
        .as('sub_topic_ballots'),
    ])
    .where('t.is_main', '=', 1)
    .orderBy('t.id')
    .execute();

  const problems: string[] = [];
  for (const row of propositions) {
    const differences = (
      [
        ['total_points', row.stored_total_points, row.total_points],
        ['vote_count', row.stored_vote_count, row.vote_count],
        ['first_count', row.stored_first_count, row.first_count],
        ['second_count', row.stored_second_count, row.second_count],
        ['third_count', row.stored_third_count, row.third_count],
      ] as const
    )
      .filter(([, stored, actual]) => Number(stored) !== Number(actual))
      .map(([column, stored, actual]) => `${column} stored ${stored}, votes say ${actual}`);
    problems.push(`proposition ${row.id} (topic ${row.topic_id}): ${differences.join('; ')}`);
  }
  for (const row of topics) {
    problems.push(
      `topic ${row.id}: vote_count stored ${row.vote_count}, votes say ${row.voters} distinct voters`,
    );
  }
  for (const row of hubs) {
    if (Number(row.vote_count) === Number(row.sub_topic_ballots)) continue;
    problems.push(
      `main topic ${row.id}: vote_count stored ${row.vote_count}, its active sub-topics hold ${row.sub_topic_ballots} ballots`,
    );
  }
  return problems;
}
