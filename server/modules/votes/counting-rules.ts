import type { BallotState, HoldReason } from '../../../common/api/ballot-counting.js';
import type { SettingsDto } from '../../../common/api/settings.js';

const DAY_MS = 86_400_000;

/** What the counting rules look at in a voter's account. */
export interface VoterFacts {
  createdAt: string;
  emailVerified: boolean;
  isActive: boolean;
}

export type CountingSettings = Pick<SettingsDto, 'minAccountAgeDays' | 'confirmedAccountsOnly'>;

/** Why a voter's ballots wait, and, for the account's age, from when they count. Null: they count. */
export interface Hold {
  reason: HoldReason;
  countsFrom: string | null;
}

/**
 * The counting rules (issue 36), the one place they are written in TypeScript: a deactivated account's
 * ballots wait until it is reactivated, an unconfirmed one's until its address is confirmed (when the
 * setting asks for it), a new one's until it is `minAccountAgeDays` old. `cutoffOf` gives the same age
 * rule to the SQL that re-assesses many ballots at once (counting-repository.ts).
 */
export function holdOf(voter: VoterFacts, settings: CountingSettings, nowMs: number): Hold | null {
  if (!voter.isActive) return { reason: 'inactive_account', countsFrom: null };
  if (settings.confirmedAccountsOnly && !voter.emailVerified)
    return { reason: 'unconfirmed_email', countsFrom: null };
  const countsFromMs = Date.parse(voter.createdAt) + settings.minAccountAgeDays * DAY_MS;
  if (countsFromMs > nowMs)
    return { reason: 'account_age', countsFrom: new Date(countsFromMs).toISOString() };
  return null;
}

/** Accounts created after this instant are too new for their ballots to count. */
export function cutoffOf(settings: CountingSettings, nowMs: number): string {
  return new Date(nowMs - settings.minAccountAgeDays * DAY_MS).toISOString();
}

/** A ballot's state as it is written: a quarantine holds until an administrator lifts it, whatever the rules say. */
export function stateOf(current: BallotState | undefined, hold: Hold | null): BallotState {
  if (current === 'quarantined') return 'quarantined';
  return hold ? 'held' : 'counted';
}
