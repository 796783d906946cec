import { z } from 'zod';
import { BALLOT_STATES, QUARANTINE_REASONS } from './ballot-counting.js';
import { apiComponents } from './components.js';

/**
 * The integrity screen (issue 36): a topic's ballots over time, and the bursts the detector flagged.
 * A burst is many ballots naming one proposition within `burstMinutes`, from one network (the /24 of an
 * IPv4 address, the /48 of an IPv6 one: all Podium keeps, for 30 days) or from accounts created within
 * `burstAccountHours` of each other; `burstBallots` is how many make one (settings).
 */
export const BURST_KINDS = ['network', 'fresh_accounts'] as const;
export type BurstKind = (typeof BURST_KINDS)[number];

export const integrityTopicParams = z.object({ id: z.coerce.number().int().positive() });
/** Titles in this language (fr, en, es, de; checked by the route: 400 UNSUPPORTED_LANGUAGE). */
const lang = z.string().max(20).optional();
export const integrityTopicQuery = z.object({
  /** How far back the timeline goes. */
  days: z.coerce.number().int().min(1).max(90).default(30),
  lang,
});
export const integrityListQuery = z.object({ lang });

/** One ballot behind a flag, with what an administrator decides on. */
export const flaggedBallotDto = z.object({
  ballotId: z.int(),
  userId: z.int(),
  username: z.string(),
  accountCreatedAt: z.string(),
  accountActive: z.boolean(),
  /** When its voter last cast it. */
  castAt: z.string(),
  state: z.enum(BALLOT_STATES),
  quarantineReason: z.enum(QUARANTINE_REASONS).nullable(),
});

export const burstFlagDto = z
  .object({
    id: z.int(),
    kind: z.enum(BURST_KINDS),
    /** The network all its ballots came from (kind network). */
    network: z.string().nullable(),
    proposition: z.object({ id: z.int(), name: z.string() }),
    firstCastAt: z.string(),
    lastCastAt: z.string(),
    /** Open while one of its ballots counts and nobody dismissed it. */
    open: z.boolean(),
    dismissedAt: z.string().nullable(),
    ballots: z.array(flaggedBallotDto),
  })
  .register(apiComponents, { id: 'BurstFlagDto' });
export type BurstFlagDto = z.infer<typeof burstFlagDto>;

/** Ballots per hour: those cast (whose voter last cast them in that hour) and those of them counted. */
export const timelinePointDto = z.object({ at: z.string(), cast: z.int(), counted: z.int() });

export const integrityTopicData = z.object({
  topic: z.object({ id: z.int(), slug: z.string(), title: z.string() }),
  from: z.string(),
  to: z.string(),
  /** Hours with at least one ballot, oldest first (the others had none). */
  timeline: z.array(timelinePointDto),
  /** Newest first: open ones, then the others. */
  flags: z.array(burstFlagDto),
});
export type IntegrityTopicData = z.infer<typeof integrityTopicData>;

/** The flags across every topic, for the admin panel and its count. */
export const openFlagsData = z.object({
  open: z.int(),
  topics: z.array(
    z.object({
      id: z.int(),
      slug: z.string(),
      title: z.string(),
      openFlags: z.int(),
      lastCastAt: z.string(),
    }),
  ),
});
export type OpenFlagsData = z.infer<typeof openFlagsData>;

export const flagParams = z.object({ id: z.coerce.number().int().positive() });
export const flagData = z.object({ flag: burstFlagDto });

/** A person's ballots as administrators see them from the user table: every version, with its state. */
export const userBallotsParams = z.object({ id: z.coerce.number().int().positive() });
export const userBallotsData = z.object({
  /** Whose ballots: the account's name and whether it may still sign in (its ballots count only then). */
  account: z.object({ username: z.string(), isActive: z.boolean() }),
  ballots: z.array(
    z.object({
      ballotId: z.int(),
      topic: z.object({ id: z.int(), slug: z.string(), title: z.string() }),
      state: z.enum(BALLOT_STATES),
      quarantineReason: z.enum(QUARANTINE_REASONS).nullable(),
      versions: z.array(
        z.object({
          version: z.int(),
          castAt: z.string(),
          cause: z.string(),
          network: z.string().nullable(),
          places: z.array(z.object({ points: z.int(), id: z.int(), name: z.string() })),
        }),
      ),
    }),
  ),
});
export type UserBallotsData = z.infer<typeof userBallotsData>;
