import type { Executor } from '../../db/executor.js';
import { RecountRepository, TOTAL_COLUMNS } from './recount-repository.js';

/**
 * The one recount: the totals as a function of the counted current ballots (docs/decisions/009). The
 * running totals a ballot moves must always equal it. It serves the check (`findTotalsMismatches`), the
 * migration that turned votes into ballots, and every write that changes many ballots at once (a
 * proposition's deletion, later merges), which writes the exact totals with `recountTopics` rather than
 * computing differences. It runs in the database, so a million ballots never cross the wire.
 */

/**
 * Writes the exact totals of these topics' propositions, their voters and their hubs' counts, recounted
 * from the counted current ballots: every topic's when `topicIds` is left out.
 */
export async function recountTopics(db: Executor, topicIds?: readonly number[]): Promise<void> {
  if (topicIds !== undefined && topicIds.length === 0) return;
  await new RecountRepository(db).recountTopics(topicIds);
}

/**
 * Recounts every total from the counted current ballots and lists each stored value that differs, and
 * each ballot whose history is out of order (versions numbered 1..n without a gap with the current one
 * last, cast times not decreasing, the votes table holding the current version's places). An empty list
 * means the totals and the ballots are exact; tests and the bulk loaders use it as their proof.
 */
export async function findTotalsMismatches(db: Executor): Promise<string[]> {
  const found = await new RecountRepository(db).mismatches();
  const problems: string[] = [];
  for (const row of found.propositions) {
    const differences = TOTAL_COLUMNS.filter(
      (column) => Number(row[`stored_${column}`]) !== Number(row[column]),
    ).map((column) => `${column} stored ${row[`stored_${column}`]}, ballots say ${row[column]}`);
    problems.push(`proposition ${row.id} (topic ${row.topic_id}): ${differences.join('; ')}`);
  }
  for (const row of found.topics) {
    problems.push(`topic ${row.id}: vote_count stored ${row.vote_count}, ballots say ${row.voters} voters`);
  }
  for (const row of found.hubs) {
    if (Number(row.vote_count) === Number(row.sub_topic_ballots)) continue;
    problems.push(
      `main topic ${row.id}: vote_count stored ${row.vote_count}, its active sub-topics hold ${row.sub_topic_ballots} ballots`,
    );
  }
  for (const row of found.numbering) {
    problems.push(
      `ballot ${row.id}: current version ${row.version}, versions ${row.lo}..${row.hi} (${row.n} of them)`,
    );
  }
  for (const row of found.backwards) {
    problems.push(`ballot ${row.ballot_id}: version ${row.version} cast before version ${row.version - 1}`);
  }
  for (const row of found.votes) {
    problems.push(
      row.id === null
        ? `votes of user ${row.user_id} on topic ${row.topic_id} belong to no ballot`
        : `ballot ${row.id} (user ${row.user_id}, topic ${row.topic_id}): votes differ from its current version`,
    );
  }
  return problems;
}
