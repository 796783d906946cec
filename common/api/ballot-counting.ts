import { z } from 'zod';

/**
 * Which ballots count (issue 36). A ballot is stored whatever happens to it; only a counted one makes any
 * figure. One is `held` while its voter's account does not meet the counting rules the administrators set,
 * and `quarantined` by an administrator, with a reason, until restored.
 */
export const BALLOT_STATES = ['counted', 'held', 'quarantined'] as const;
export type BallotState = (typeof BALLOT_STATES)[number];

/** Why a rule holds a ballot back: the account is too new, its address unconfirmed, or it is deactivated. */
export const HOLD_REASONS = ['account_age', 'unconfirmed_email', 'inactive_account'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** What an administrator says when quarantining ballots. */
export const QUARANTINE_REASONS = ['burst', 'shared_network', 'fresh_accounts', 'abuse', 'other'] as const;
export type QuarantineReason = (typeof QUARANTINE_REASONS)[number];

/** How a voter's own ballot counts, as their vote form and "my votes" say it. */
export const ballotCountingDto = z.object({
  state: z.enum(BALLOT_STATES),
  /** While held: the first rule it waits for. */
  heldFor: z.enum(HOLD_REASONS).nullable(),
  /** Held for the account's age: when it starts counting. */
  countsFrom: z.string().nullable(),
});
export type BallotCountingDto = z.infer<typeof ballotCountingDto>;

const ballotIds = z.array(z.int().positive()).min(1).max(1000);

/** POST /api/admin/ballots/quarantine: these ballots stop counting until restored. */
export const quarantineBody = z.object({
  ballotIds,
  reason: z.enum(QUARANTINE_REASONS),
  note: z.string().trim().max(500).optional(),
});
export type QuarantineBody = z.infer<typeof quarantineBody>;

/** POST /api/admin/ballots/restore: quarantined ballots count again (or wait for their rules). */
export const restoreBody = z.object({ ballotIds, note: z.string().trim().max(500).optional() });
export type RestoreBody = z.infer<typeof restoreBody>;

/** How many of the ballots named changed state (the others were already so, or do not exist). */
export const ballotsChangedData = z.object({ changed: z.int() });
