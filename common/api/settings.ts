import { z } from 'zod';
import { apiComponents } from './components.js';

/**
 * The settings an administrator edits in the back-office (GET and PUT /api/admin/settings), as opposed
 * to what the operator sets in the environment (issue 34). Each has a default, used until it is saved.
 */

/** What happens to a name a voter types that matches no proposition: listed at once, or held for review. */
export const PROPOSAL_POLICIES = ['publish', 'review'] as const;
export type ProposalPolicy = (typeof PROPOSAL_POLICIES)[number];

export const settingsDto = z
  .object({
    /** The default of every topic that has no policy of its own. */
    proposalPolicy: z.enum(PROPOSAL_POLICIES),
    /** Days an account must have existed before its ballots count (issue 36); they are kept meanwhile. */
    minAccountAgeDays: z.int().min(0).max(365),
    /** Whether only accounts with a confirmed address have their ballots counted. */
    confirmedAccountsOnly: z.boolean(),
    /** How many ballots for one proposition make a burst (issue 36)... */
    burstBallots: z.int().min(3).max(10_000),
    /** ...within this many minutes... */
    burstMinutes: z
      .int()
      .min(1)
      .max(24 * 60),
    /** ...from one network, or from accounts created within this many hours of each other. */
    burstAccountHours: z
      .int()
      .min(1)
      .max(24 * 30),
  })
  .register(apiComponents, { id: 'SettingsDto' });
export type SettingsDto = z.infer<typeof settingsDto>;

export const SETTING_DEFAULTS: SettingsDto = {
  proposalPolicy: 'publish',
  minAccountAgeDays: 0,
  confirmedAccountsOnly: false,
  burstBallots: 10,
  burstMinutes: 10,
  burstAccountHours: 24,
};

/** The settings that decide which ballots count: a change of one re-assesses every ballot. */
export const COUNTING_SETTINGS = [
  'minAccountAgeDays',
  'confirmedAccountsOnly',
] as const satisfies readonly (keyof SettingsDto)[];

/** A change of some settings; the others keep their value. */
export const updateSettingsBody = settingsDto.partial().strict();
export type UpdateSettingsBody = z.infer<typeof updateSettingsBody>;

export const settingsData = z.object({
  settings: settingsDto,
  /** When they were last saved, and by whom; null while every setting has its default. */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type SettingsData = z.infer<typeof settingsData>;
