import type { BallotVersionCause } from '../db/schema.js';
import type { Places } from '../modules/rankings/tallies.js';

/**
 * What happened, beside the change set's ids and aspects: for subscribers that act once on a write
 * (an outbox that enqueues a job in the write's transaction), where caches only need to know what to
 * drop. They reach in-transaction subscribers; the cluster channel never carries them.
 */
export type ChangeEvent =
  | BallotChanged
  | BallotsRecounted
  | PropositionCreated
  | PropositionApproved
  | PropositionRenamed
  | PropositionRemoved
  | TopicOpened
  | BurstFlagged;

/** A voter's ballot got a new version: a vote, a withdrawal, or a place lost to a deleted proposition. */
export interface BallotChanged {
  type: 'ballotChanged';
  ballotId: number;
  topicId: number;
  userId: number;
  /** The version appended (1 for the voter's first ballot on the topic). */
  version: number;
  castAt: string;
  cause: BallotVersionCause;
  before: Places;
  after: Places;
  /** Whether the ballot counts (issue 36): a held or quarantined one is in no figure, before or after. */
  counted: boolean;
}

/**
 * Ballots of a topic began or stopped counting without a new version (a quarantine or its lifting, an
 * account's counting rules): its totals were recounted.
 */
export interface BallotsRecounted {
  type: 'ballotsRecounted';
  topicId: number;
}

/** A proposition as its events carry it. */
export interface PropositionFacts {
  id: number;
  topicId: number;
  name: string;
  /** The voter who created it; null for an administrator's. */
  createdBy: number | null;
}

export interface PropositionCreated {
  type: 'propositionCreated';
  proposition: PropositionFacts;
  createdAt: string;
  /** Its `listed_at`: ballots cast from then on could name it; null for a proposal held for review. */
  listedAt: string | null;
}

/** A held proposal an administrator approved (issue 34): listed from `listedAt`. */
export interface PropositionApproved {
  type: 'propositionApproved';
  proposition: PropositionFacts;
  listedAt: string;
}

export interface PropositionRenamed {
  type: 'propositionRenamed';
  /** With its new name. */
  proposition: PropositionFacts;
  previousName: string;
}

export interface PropositionRemoved {
  type: 'propositionRemoved';
  proposition: PropositionFacts;
  /**
   * Deleted by an administrator, merged into another by one, rejected by one (a proposal), or a voter's
   * proposition gone with its last vote.
   */
  reason: 'deleted' | 'merged' | 'rejected' | 'abandoned';
}

/**
 * A topic became open to readers: created (active, as every topic is created), or activated again by an
 * administrator. A sub-topic's main topic gained it (its followers are told, docs/decisions/032).
 */
export interface TopicOpened {
  type: 'topicOpened';
  topicId: number;
  /** Its main topic; null for a main topic or a standalone one. */
  mainTopicId: number | null;
  /** The administrator who created or activated it. */
  by: number;
  cause: 'created' | 'activated';
}

/** The burst detector raised a new flag (issue 36); a flag widened later is the same burst, not news. */
export interface BurstFlagged {
  type: 'burstFlagged';
  flagId: number;
  topicId: number;
  /** The ballots it lists when raised. */
  ballots: number;
}
