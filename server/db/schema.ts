import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { LinkPurpose } from '../../common/api/account-links.js';
import type { AuditActorKind } from '../../common/api/audit.js';
import type { BallotState, QuarantineReason } from '../../common/api/ballot-counting.js';
import type { BurstKind } from '../../common/api/integrity.js';
import type { RejectionReason } from '../../common/api/proposals.js';
import type { ProposalPolicy } from '../../common/api/settings.js';

/**
 * Row types of every table, declared once. Booleans are stored as 0/1 integers on both
 * databases so that one code path serves SQLite and PostgreSQL (see docs/decisions/001).
 * Timestamps are ISO-8601 UTC strings written by the application.
 */
type Flag = number;
type Id = Generated<number>;
/** A nullable column that may be left out of an insert (it defaults to NULL). */
type NullableDefault<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface UsersTable {
  id: Id;
  readable_id: string;
  username: string;
  /** Lower-cased username: the case-insensitive uniqueness key. */
  username_key: string;
  email: string;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  language: string;
  is_active: ColumnType<Flag, Flag | undefined, Flag>;
  is_admin: ColumnType<Flag, Flag | undefined, Flag>;
  created_at: string;
  updated_at: string;
  /** When the person confirmed their current address by a mailed link; null until then (migration 0026). */
  email_verified_at: NullableDefault<string>;
  /** Whether the topics they vote on are followed without a follow of their own (migration 0031). */
  follow_voted_topics: ColumnType<Flag, Flag | undefined, Flag>;
}

/** A link mailed about an account: its token's hash once minted, single-use until it expires (migration 0026). */
export interface AccountLinksTable {
  id: Id;
  user_id: number;
  purpose: LinkPurpose;
  email: string;
  token_hash: NullableDefault<string>;
  created_at: string;
  expires_at: string;
  used_at: NullableDefault<string>;
}

/** A signed-in session: a login and every refresh rotated from it (the refresh tokens' family). */
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  ended_at: NullableDefault<string>;
  /** The browser's User-Agent when it was opened, cut to 256 characters (migration 0027). */
  device: NullableDefault<string>;
  /** Its last refresh; null until the first (migration 0027). */
  last_used_at: NullableDefault<string>;
}

export interface RefreshTokensTable {
  id: Id;
  user_id: number;
  /** All tokens rotated from one login share a family; reuse of a spent token revokes it. */
  family_id: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

export interface CategoriesTable {
  id: Id;
  slug: string;
  name: string;
  parent_id: number | null;
  is_system: ColumnType<Flag, Flag | undefined, Flag>;
  created_at: string;
}

export interface TagsTable {
  id: Id;
  slug: string;
  name: string;
  type: string;
  category_id: number | null;
  created_at: string;
}

export interface TopicsTable {
  id: Id;
  readable_id: string;
  slug: string;
  title: string;
  /** Folded title: main-topic names are unique per category on this key. */
  title_key: string;
  description: NullableDefault<string>;
  language: string;
  category_id: number;
  is_main: ColumnType<Flag, Flag | undefined, Flag>;
  main_topic_id: NullableDefault<number>;
  /** JSON array of tag types that the sub-topics of a main topic combine. */
  mandatory_types: ColumnType<string, string | undefined, string>;
  is_active: ColumnType<Flag, Flag | undefined, Flag>;
  /** Number of people with at least one vote on the topic; kept exact in the vote transaction. */
  vote_count: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
  /** How a name typed on it that matches no proposition is treated; null follows the setting (migration 0025). */
  proposal_policy: NullableDefault<ProposalPolicy>;
}

export interface TopicTagsTable {
  topic_id: number;
  tag_id: number;
}

export interface PropositionsTable {
  id: Id;
  topic_id: number;
  name: string;
  /** Folded name: "Pizzeria Da Marco" and " pizzeria da marco" are one proposition. */
  name_key: string;
  total_points: ColumnType<number, number | undefined, number>;
  vote_count: ColumnType<number, number | undefined, number>;
  first_count: ColumnType<number, number | undefined, number>;
  second_count: ColumnType<number, number | undefined, number>;
  third_count: ColumnType<number, number | undefined, number>;
  created_at: string;
  /** The voter who created it; null for an administrator's (which stay when their votes go). */
  created_by: NullableDefault<number>;
  /**
   * When it joined the public ranking: ballots cast from then on could name it (eligible ballots). Null
   * while it is a proposal held for review (migration 0025).
   */
  listed_at: NullableDefault<string>;
}

/** Propositions created by voters, counted by the creation limits (kept after the proposition goes). */
export interface PropositionCreationsTable {
  id: Id;
  user_id: number;
  topic_id: number;
  client_address: string;
  created_at: string;
}

/** A merged proposition's name, kept for the one it went into: a ballot that types it lands there (migration 0022). */
export interface PropositionAliasesTable {
  id: Id;
  topic_id: number;
  proposition_id: number;
  name: string;
  /** propositionKey(name), unique per topic. */
  name_key: string;
  created_at: string;
}

/** A setting an administrator saved (migration 0024); a missing one has its default. */
export interface SettingsTable {
  key: string;
  value_json: string;
  updated_at: string;
  /** The administrator's username; empty once that account is deleted. */
  updated_by: string;
}

/** What a voter is told about a change an administrator made to their ballot, until they dismiss it (migration 0025). */
export interface BallotNoticesTable {
  id: Id;
  user_id: number;
  topic_id: number;
  kind: 'rejected' | 'merged';
  proposition_name: string;
  reason: NullableDefault<RejectionReason>;
  note: NullableDefault<string>;
  into_name: NullableDefault<string>;
  created_at: string;
}

export interface VotesTable {
  id: Id;
  user_id: number;
  topic_id: number;
  proposition_id: number;
  points: number;
  created_at: string;
}

export type { BallotState };

/** A voter's ballot on a topic (docs/decisions/009-ballots-with-a-history.md): its current version counts. */
export interface BallotsTable {
  id: Id;
  topic_id: number;
  user_id: number;
  state: ColumnType<BallotState, BallotState | undefined, BallotState>;
  first_cast_at: string;
  /** The current version's number: the last of ballot_versions for this ballot. */
  version: number;
  updated_at: string;
  /**
   * When the voter last cast it (a vote or a withdrawal); a version appended for them (a proposition's
   * deletion) leaves it. The propositions that existed then are those it could name (eligible ballots).
   */
  voted_at: ColumnType<string, string | undefined, string>;
  /** The current version's places, kept by the writes that append a version (migration 0021). */
  first_id: ColumnType<number | null, number | null | undefined, number | null>;
  second_id: ColumnType<number | null, number | null | undefined, number | null>;
  third_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Set while quarantined (migration 0028). */
  quarantine_reason: NullableDefault<QuarantineReason>;
  quarantine_note: NullableDefault<string>;
}

/**
 * Why a version was appended: the voter's submission, their withdrawal, a proposition of theirs deleted,
 * merged into another (migration 0022), or a proposal of theirs rejected (migration 0025).
 */
export type BallotVersionCause = 'vote' | 'withdrawal' | 'proposition_deleted' | 'merge' | 'rejection';

/**
 * One version of a ballot: its places (null where empty). A place keeps a proposition's id after the
 * proposition's deletion: a version records what the voter chose then (migration 0018).
 */
export interface BallotVersionsTable {
  ballot_id: number;
  version: number;
  cast_at: string;
  cause: BallotVersionCause;
  first_id: number | null;
  second_id: number | null;
  third_id: number | null;
  /** The /24 or /48 it was cast from (votes/network.ts), cleared after 30 days (migration 0029). */
  network: NullableDefault<string>;
}

/** A burst the detector found (migration 0029, server/modules/integrity). */
export interface BurstFlagsTable {
  id: Id;
  topic_id: number;
  proposition_id: number;
  kind: BurstKind;
  /** The network all its ballots came from (kind `network`); null for `fresh_accounts`. */
  network: NullableDefault<string>;
  first_cast_at: string;
  last_cast_at: string;
  created_at: string;
  dismissed_at: NullableDefault<string>;
}

export interface BurstFlagBallotsTable {
  flag_id: number;
  ballot_id: number;
}

/** A topic's ranking at the end of a UTC day, taken when it changed that day (migration 0030, issue 37). */
export interface RankSnapshotsTable {
  topic_id: number;
  /** The UTC day whose end it records, YYYY-MM-DD. */
  day: string;
  taken_at: string;
}

/** A proposition ranked 1 to 10 in a snapshot: its rank (ties share one) and its points then. */
export interface RankSnapshotPlacesTable {
  topic_id: number;
  day: string;
  proposition_id: number;
  rank: number;
  total_points: number;
}

/**
 * A person's own choice about following a topic (migration 0031): 1 follows it, 0 unfollows a topic they
 * voted on (docs/decisions/031-follows.md).
 */
export interface TopicFollowsTable {
  user_id: number;
  topic_id: number;
  following: Flag;
  created_at: string;
}

/**
 * What a person is told (migration 0032, docs/decisions/032-notifications.md): written by a job, read in the
 * person's inbox. `facts` is JSON (ids and names as they stood: `NotificationFacts` of common/api/notifications.ts);
 * the words are chosen in the reader's language. A later event for the same person and topic before
 * `batch_until` updates the row rather than making another (at most one per person, topic and hour).
 */
export interface NotificationsTable {
  id: Id;
  user_id: number;
  kind: string;
  topic_id: number | null;
  facts: string;
  created_at: string;
  updated_at: string;
  batch_until: string;
  read_at: NullableDefault<string>;
}

/** How a person wants one kind of notification (migration 0032); no row: the kind's default. */
export interface NotificationSettingsTable {
  user_id: number;
  kind: string;
  delivery: 'app' | 'email' | 'digest';
  updated_at: string;
}

/** Per topic, the podium the last notification check saw (migration 0033): leaders and top 3, JSON. */
/**
 * A topic whose podium a write may have moved: its check is due at the end of the second of its earliest mark
 * not yet looked at (`due_at`); `marked_at` is the end of its latest mark's second.
 */
export interface PodiumMarksTable {
  topic_id: number;
  due_at: string;
  marked_at: string;
}

export interface NotificationPodiumsTable {
  topic_id: number;
  /** JSON: the ids of the #1 (several when tied), ascending. */
  leaders: string;
  /** JSON: `[{ id, rank }]` of the propositions ranked 1 to 3 with points. */
  podium: string;
  checked_at: string;
}

/** A notification fan-out's progress (migration 0033): the last person written, ascending ids. */
export interface NotificationDeliveriesTable {
  key: string;
  after_user_id: number;
  done: Flag;
  created_at: string;
}

/** A live stream's single-use ticket (migration 0033), stored hashed, valid 30 s. */
export interface NotificationStreamTicketsTable {
  token_hash: string;
  user_id: number;
  expires_at: string;
}

/**
 * The one-click unsubscribe link of a notification e-mail (migration 0034): its token's hash, the person,
 * the kind it stops (or `all`), the address it was mailed to; good until it expires, idempotent once used.
 */
export interface NotificationUnsubscribesTable {
  id: Id;
  user_id: number;
  kind: string;
  email: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: NullableDefault<string>;
}

/** A notification mailed at once, once the SMTP server accepted it (migration 0034). */
export interface NotificationMailsTable {
  notification_id: number;
  sent_at: string;
}

/** Up to when a person's last daily digest went (migration 0034). */
export interface NotificationDigestsTable {
  user_id: number;
  sent_until: string;
  updated_at: string;
}

export interface TranslationsTable {
  id: Id;
  entity_type: string;
  /** 0 for UI texts, which belong to no entity (keeps the unique key free of NULL semantics). */
  entity_id: number;
  key: string;
  language: string;
  value: string;
  created_at: string;
  updated_at: string;
}

/** Search's inverted index: folded words of active topics (see server/modules/search/indexer.ts). */
export interface SearchTermsTable {
  term: string;
  topic_id: number;
  /** Best field the word comes from: title 4, tag 3, category 2, description 1. */
  weight: number;
}

export interface SearchIndexStateTable {
  id: number;
  /** Bumped by every index write; in-memory search caches compare it. */
  version: number;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

export interface AuditLogTable {
  id: Id;
  actor_id: number;
  actor_username: string;
  /** Migration 0027; before it every entry was an account's. A deleted account's entries keep id 0 and an empty name. */
  actor_kind: ColumnType<AuditActorKind, AuditActorKind | undefined, AuditActorKind>;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before_json: string | null;
  after_json: string | null;
  created_at: string;
  /** The topic the entry is about (a topic, its tags or its propositions), for the topic's history (migration 0023). */
  topic_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type JobState = 'queued' | 'running' | 'done' | 'failed';

/** Work that runs once (server/modules/jobs): its due time, its lease while taken, its attempts. */
export interface JobsTable {
  id: Id;
  kind: string;
  /** JSON text. */
  payload: string;
  /** Deduplicates an enqueue: a recurring job's occurrence, an outbox write retried. */
  unique_key: NullableDefault<string>;
  state: JobState;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: number;
  due_at: string;
  leased_until: NullableDefault<string>;
  leased_by: NullableDefault<string>;
  /** The last failure's message (never its stack or the payload). */
  last_error: NullableDefault<string>;
  created_at: string;
  updated_at: string;
  finished_at: NullableDefault<string>;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  sessions: SessionsTable;
  categories: CategoriesTable;
  tags: TagsTable;
  topics: TopicsTable;
  topic_tags: TopicTagsTable;
  propositions: PropositionsTable;
  proposition_aliases: PropositionAliasesTable;
  settings: SettingsTable;
  ballot_notices: BallotNoticesTable;
  account_links: AccountLinksTable;
  proposition_creations: PropositionCreationsTable;
  votes: VotesTable;
  ballots: BallotsTable;
  ballot_versions: BallotVersionsTable;
  burst_flags: BurstFlagsTable;
  burst_flag_ballots: BurstFlagBallotsTable;
  rank_snapshots: RankSnapshotsTable;
  rank_snapshot_places: RankSnapshotPlacesTable;
  topic_follows: TopicFollowsTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  notification_podiums: NotificationPodiumsTable;
  podium_marks: PodiumMarksTable;
  notification_deliveries: NotificationDeliveriesTable;
  notification_stream_tickets: NotificationStreamTicketsTable;
  notification_unsubscribes: NotificationUnsubscribesTable;
  notification_mails: NotificationMailsTable;
  notification_digests: NotificationDigestsTable;
  translations: TranslationsTable;
  app_secrets: AppSecretsTable;
  audit_log: AuditLogTable;
  search_terms: SearchTermsTable;
  search_index_state: SearchIndexStateTable;
  jobs: JobsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type TagRow = Selectable<TagsTable>;
export type TopicRow = Selectable<TopicsTable>;
export type PropositionRow = Selectable<PropositionsTable>;
export type VoteRow = Selectable<VotesTable>;
export type TranslationRow = Selectable<TranslationsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type JobRow = Selectable<JobsTable>;
