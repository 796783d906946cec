import { sql } from 'kysely';
import type { QuarantineReason } from '../../../common/api/ballot-counting.js';
import type { Executor } from '../../db/executor.js';

/** The counting rules as SQL needs them (counting-rules.ts computes the cutoff). */
export interface CountingRulesSql {
  /** Accounts created after it are too new to count. */
  cutoff: string;
  confirmedAccountsOnly: boolean;
}

/** Which ballots a re-assessment looks at: some voters', some ballots, the held ones, or every one. */
export type CountingScope =
  | { userIds: readonly number[] }
  | { ballotIds: readonly number[] }
  | 'held'
  | 'all';

/** A ballot whose state a statement changed. */
export interface StateChange {
  id: number;
  topic_id: number;
  user_id: number;
  state: string;
}

/**
 * The SQL of ballots' counting states (issue 36): the rules applied to many ballots in one statement, and
 * quarantines. A state is changed only where it differs, and each statement answers the ballots it changed:
 * their topics are then recounted (rankings/recount.ts).
 */
export class BallotCountingRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Locks the topics of the ballots in scope, in id order, before their ballots change (PostgreSQL): a
   * ballot's write locks its topic first too, so the two take turns instead of deadlocking over the
   * totals both write.
   */
  async lockTopicsOf(scope: CountingScope): Promise<void> {
    await sql`select id from topics where id in (select topic_id from ballots where 1 = 1${inScope(scope)})
      order by id for update`.execute(this.db);
  }

  /** Sets each ballot in scope that is not quarantined to what its voter's account makes it now. */
  async reassess(scope: CountingScope, rules: CountingRulesSql): Promise<StateChange[]> {
    const ruled = sql`(select case
        when u.is_active <> 1 then 'held'
        when ${rules.confirmedAccountsOnly ? 1 : 0} = 1 and u.email_verified_at is null then 'held'
        when u.created_at > ${rules.cutoff} then 'held'
        else 'counted' end
      from users u where u.id = ballots.user_id)`;
    const result = await sql<StateChange>`update ballots set state = ${ruled}
      where state <> 'quarantined' and state <> ${ruled}${inScope(scope)}
      returning id, topic_id, user_id, state`.execute(this.db);
    return result.rows;
  }

  async quarantine(
    ballotIds: readonly number[],
    reason: QuarantineReason,
    note: string | null,
  ): Promise<StateChange[]> {
    return this.db
      .updateTable('ballots')
      .set({ state: 'quarantined', quarantine_reason: reason, quarantine_note: note })
      .where('id', 'in', [...ballotIds])
      .where('state', '<>', 'quarantined')
      .returning(['id', 'topic_id', 'user_id', 'state'])
      .execute();
  }

  /** Lifts the quarantine of these ballots; they are `held` until re-assessed in the same transaction. */
  async lift(ballotIds: readonly number[]): Promise<StateChange[]> {
    return this.db
      .updateTable('ballots')
      .set({ state: 'held', quarantine_reason: null, quarantine_note: null })
      .where('id', 'in', [...ballotIds])
      .where('state', '=', 'quarantined')
      .returning(['id', 'topic_id', 'user_id', 'state'])
      .execute();
  }

  /** The main topic of each of these topics that has one. */
  async hubsOf(topicIds: readonly number[]) {
    if (topicIds.length === 0) return [];
    return this.db
      .selectFrom('topics')
      .select(['id', 'main_topic_id'])
      .where('id', 'in', [...topicIds])
      .execute();
  }
}

function inScope(scope: CountingScope) {
  if (scope === 'all') return sql``;
  // Written as the partial index `ballots_uncounted` is, so that SQLite reads the few uncounted ballots
  // through it instead of every ballot.
  if (scope === 'held') return sql` and state <> 'counted' and state = 'held'`;
  if ('userIds' in scope) {
    return sql` and user_id in (${sql.join(scope.userIds.length > 0 ? [...scope.userIds] : [0])})`;
  }
  return sql` and id in (${sql.join(scope.ballotIds.length > 0 ? [...scope.ballotIds] : [0])})`;
}
