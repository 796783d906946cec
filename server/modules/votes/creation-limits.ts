import type { CreationLimitSettings } from '../../config.js';
import type { Executor } from '../../db/executor.js';
import { errors } from '../../http/errors.js';
import type { Counters } from '../../http/rate-limit/counters.js';
import { type CreationScope, PropositionsRepository } from '../topics/propositions-repository.js';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * What one voter may add to the site: new propositions in any 24 hours (per topic, in all, and per client
 * address, since accounts cost nothing) and ballots a minute. Past a limit the answer is 429 with the
 * seconds until the oldest counted creation leaves the window. Proposition creations are counted in the
 * database, inside the ballot's transaction, and stay counted when the proposition goes: creating and
 * withdrawing does not give the allowance back.
 */
export class CreationLimits {
  constructor(
    private readonly counters: Counters,
    private readonly limits: CreationLimitSettings,
  ) {}

  /** Counts one ballot of the user; throws 429 past the per-minute limit. */
  async admitBallot(userId: number): Promise<void> {
    const ballots = await this.counters.hit(`ballots:${userId}`, MINUTE_MS);
    if (ballots.count > this.limits.ballotsPerUserPerMinute) {
      throw errors.rateLimited(Math.max(1, Math.ceil(ballots.msLeft / 1000)));
    }
  }

  /** Takes `count` new propositions out of the user's and the address's allowances, or throws 429. */
  async admitPropositions(
    trx: Executor,
    creation: { userId: number; topicId: number; clientAddress: string; count: number; now: string },
  ): Promise<void> {
    const { userId, topicId, clientAddress, count, now } = creation;
    if (count === 0) return;
    const since = new Date(Date.parse(now) - DAY_MS).toISOString();
    const scopes: [CreationScope, number][] = [
      [{ userId, topicId }, this.limits.propositionsPerUserPerTopic],
      [{ userId }, this.limits.propositionsPerUser],
      [{ clientAddress }, this.limits.propositionsPerAddress],
    ];
    const propositions = new PropositionsRepository(trx);
    for (const [scope, limit] of scopes) {
      const { count: used, earliest } = await propositions.countCreations(scope, since);
      if (used + count > limit) {
        const frees = earliest ? Date.parse(earliest) + DAY_MS - Date.parse(now) : DAY_MS;
        throw errors.rateLimited(Math.max(1, Math.ceil(frees / 1000)));
      }
    }
    await propositions.recordCreations({ userId, topicId, clientAddress, createdAt: now, count });
  }
}
