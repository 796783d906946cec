/**
 * What a write changed, recorded on its transaction (see docs/decisions/006-one-owner-per-concept-and-derived-state-by-events.md).
 * Subscribers read it to bring their derived state in step: the search index, the read and ranking
 * caches, the live ranking events, and through the cluster channel the other app servers' own.
 * Beside them, a write records its events (server/changes/events.ts): what happened, for in-transaction
 * subscribers; the cluster channel sends the ids and aspects only.
 */
import type {
  BallotChanged,
  BallotsRecounted,
  BurstFlagged,
  ChangeEvent,
  PropositionFacts,
  PropositionRemoved,
  TopicOpened,
} from './events.js';

/** What can change about one topic. */
export const TOPIC_ASPECTS = [
  'created',
  /** A main topic's sub-topics: one was created, (de)activated or deleted. */
  'subTopics',
  'texts',
  'tags',
  'category',
  'status',
  'propositions',
  'votes',
  'deleted',
  /**
   * A main topic's count of ballots: they moved on one of its sub-topics (the ballot's statement moved the
   * count; its readers drop what they hold). Last: the bit masks sent between servers keep their meaning.
   */
  'subTopicVotes',
  /**
   * A main topic's sub-topics' propositions: one was added, renamed or deleted (the hub page shows each
   * sub-topic's podium). After `subTopicVotes` for the same reason.
   */
  'subTopicPropositions',
] as const;
export type TopicAspect = (typeof TOPIC_ASPECTS)[number];

/** Aspects that move a topic's ranking: its rows, its vote count, or whether it is shown at all. */
export const RANKING_ASPECTS: ReadonlySet<TopicAspect> = new Set([
  'propositions',
  'votes',
  'status',
  'deleted',
]);

/** Aspects that change what a topic is found by (its texts and labels, and whether it is shown). */
export const FINDABLE_ASPECTS: ReadonlySet<TopicAspect> = new Set([
  'created',
  'texts',
  'tags',
  'category',
  'status',
  'deleted',
]);

/** Aspects that change how a topic is listed and described: everything but its ranking. */
export const LISTING_ASPECTS: ReadonlySet<TopicAspect> = new Set([...FINDABLE_ASPECTS, 'subTopics']);

/** The compact form sent to the other app servers: aspects as bit masks, ids as numbers. */
export interface ChangePayload {
  t?: Record<string, number>;
  c?: number[];
  g?: number[];
  u?: number[];
  ui?: 1;
  /** The administrators' settings. */
  s?: 1;
  /** Notifications written or updated (ids): each server pushes those of its open streams. */
  n?: number[];
  /** People whose unread count fell (they read one or all): their other open streams hear it. */
  r?: number[];
  all?: 1;
}

/** A topic as the changes that reach its hub need it: a sub-topic names its main topic. */
export interface HubMember {
  id: number;
  mainTopicId: number | null;
}

export class ChangeSet {
  readonly topics = new Map<number, Set<TopicAspect>>();
  readonly categories = new Set<number>();
  readonly tags = new Set<number>();
  readonly users = new Set<number>();
  /** Notifications written or updated (docs/decisions/032): the live streams of their people push them. */
  readonly notifications = new Set<number>();
  /** People who read one notification or all: their open streams hear the new unread count. */
  readonly inboxesRead = new Set<number>();
  private uiTextsChanged = false;
  private settingsChanged = false;
  /** The settings a local write changed, by key. */
  readonly settingKeys = new Set<string>();
  private unknown = false;
  private readonly recorded: ChangeEvent[] = [];

  /** @param instant The write's time, for a change set a local write records (see `at`). */
  constructor(private readonly instant?: string) {}

  /**
   * When the write happened, read once from the app's clock as its transaction opened: every row the
   * write stamps carries this one instant. Only a local write's change set has one.
   */
  get at(): string {
    if (this.instant === undefined) throw new Error('this change set was not recorded by a write');
    return this.instant;
  }

  /** Changes may have been missed (the cluster channel was down): everything derived is suspect. */
  static everything(): ChangeSet {
    const change = new ChangeSet();
    change.unknown = true;
    return change;
  }

  topic(id: number, ...aspects: TopicAspect[]): this {
    const known = this.topics.get(id) ?? new Set<TopicAspect>();
    this.topics.set(id, known);
    for (const aspect of aspects) known.add(aspect);
    return this;
  }

  /**
   * Ballots moved on a topic (a vote, a withdrawal, a proposition deleted with its votes): its ranking
   * and voters, and, for a sub-topic, its main topic's hub totals; with `propositions`, as
   * `propositionsChanged` records them.
   */
  ballotsMoved(topic: HubMember, ...aspects: TopicAspect[]): this {
    this.topic(topic.id, 'votes', ...aspects);
    if (topic.mainTopicId !== null) this.topic(topic.mainTopicId, 'subTopicVotes');
    if (aspects.includes('propositions')) this.propositionsChanged(topic);
    return this;
  }

  /**
   * A topic's propositions were added, renamed or deleted: its ranking, and, for a sub-topic, the
   * podium its main topic's hub page shows.
   */
  propositionsChanged(topic: HubMember): this {
    this.topic(topic.id, 'propositions');
    if (topic.mainTopicId !== null) this.topic(topic.mainTopicId, 'subTopicPropositions');
    return this;
  }

  /** What happened, in the order the write recorded it. */
  get events(): readonly ChangeEvent[] {
    return this.recorded;
  }

  /** A topic's ballots began or stopped counting (record `ballotsMoved` too). */
  ballotsRecounted(event: Omit<BallotsRecounted, 'type'>): this {
    this.recorded.push({ type: 'ballotsRecounted', ...event });
    return this;
  }

  /** A ballot got a new version (record `ballotsMoved` too: the event says what, the aspects what to drop). */
  ballotChanged(event: Omit<BallotChanged, 'type'>): this {
    this.recorded.push({ type: 'ballotChanged', ...event });
    return this;
  }

  /** `listedAt` is null for a proposal held for review. */
  propositionCreated(proposition: PropositionFacts, createdAt: string, listedAt: string | null): this {
    this.recorded.push({ type: 'propositionCreated', proposition, createdAt, listedAt });
    return this;
  }

  propositionApproved(proposition: PropositionFacts, listedAt: string): this {
    this.recorded.push({ type: 'propositionApproved', proposition, listedAt });
    return this;
  }

  propositionRenamed(proposition: PropositionFacts, previousName: string): this {
    this.recorded.push({ type: 'propositionRenamed', proposition, previousName });
    return this;
  }

  propositionRemoved(proposition: PropositionFacts, reason: PropositionRemoved['reason']): this {
    this.recorded.push({ type: 'propositionRemoved', proposition, reason });
    return this;
  }

  /** A topic was created or activated (record its aspects too: the event says what, the aspects what to drop). */
  topicOpened(event: Omit<TopicOpened, 'type'>): this {
    this.recorded.push({ type: 'topicOpened', ...event });
    return this;
  }

  /** The burst detector raised a new flag. */
  burstFlagged(event: Omit<BurstFlagged, 'type'>): this {
    this.recorded.push({ type: 'burstFlagged', ...event });
    return this;
  }

  /** A category's name, translations or parent (its topics are recorded by what moved them). */
  category(id: number): this {
    this.categories.add(id);
    return this;
  }

  /** A tag's name, translations, type or category. */
  tag(id: number): this {
    this.tags.add(id);
    return this;
  }

  /** The interface texts (UI keys) of some language. */
  uiTexts(): this {
    this.uiTextsChanged = true;
    return this;
  }

  /**
   * The settings administrators edit (server/modules/settings); `keys` name those that changed, for
   * in-transaction subscribers (other servers only hear that some did).
   */
  settings(...keys: string[]): this {
    this.settingsChanged = true;
    for (const key of keys) this.settingKeys.add(key);
    return this;
  }

  user(id: number): this {
    this.users.add(id);
    return this;
  }

  /** Notifications written or updated by this write (their ids). */
  notificationsWritten(ids: Iterable<number>): this {
    for (const id of ids) this.notifications.add(id);
    return this;
  }

  /** A person read one or all of their notifications. */
  inboxRead(userId: number): this {
    this.inboxesRead.add(userId);
    return this;
  }

  get isEverything(): boolean {
    return this.unknown;
  }

  get hasUiTexts(): boolean {
    return this.unknown || this.uiTextsChanged;
  }

  get hasSettings(): boolean {
    return this.unknown || this.settingsChanged;
  }

  get isEmpty(): boolean {
    return (
      !this.unknown &&
      !this.uiTextsChanged &&
      !this.settingsChanged &&
      this.recorded.length === 0 &&
      this.topics.size === 0 &&
      this.categories.size === 0 &&
      this.tags.size === 0 &&
      this.users.size === 0 &&
      this.notifications.size === 0 &&
      this.inboxesRead.size === 0
    );
  }

  /** True when a topic changed in how it is listed, or a category or tag changed (which topics show). */
  touchesListings(): boolean {
    return this.touches(LISTING_ASPECTS);
  }

  /**
   * True when a topic changed in one of `aspects`, or a category or tag changed (every topic that
   * shows it changes with it), or anything may have.
   */
  touches(aspects: ReadonlySet<TopicAspect>): boolean {
    if (this.unknown || this.categories.size > 0 || this.tags.size > 0) return true;
    return this.topicsWith(aspects).length > 0;
  }

  /** Topics changed in at least one of `aspects`. */
  topicsWith(aspects: ReadonlySet<TopicAspect>): number[] {
    const ids: number[] = [];
    for (const [id, changed] of this.topics) {
      for (const aspect of changed) {
        if (aspects.has(aspect)) {
          ids.push(id);
          break;
        }
      }
    }
    return ids;
  }

  /** Ids and aspects only: events belong to their own transaction's subscribers (the channel merges to send). */
  merge(other: ChangeSet): this {
    for (const [id, aspects] of other.topics) this.topic(id, ...aspects);
    for (const id of other.categories) this.categories.add(id);
    for (const id of other.tags) this.tags.add(id);
    for (const id of other.users) this.users.add(id);
    for (const id of other.notifications) this.notifications.add(id);
    for (const id of other.inboxesRead) this.inboxesRead.add(id);
    this.uiTextsChanged ||= other.uiTextsChanged;
    this.settingsChanged ||= other.settingsChanged;
    for (const key of other.settingKeys) this.settingKeys.add(key);
    this.unknown ||= other.unknown;
    return this;
  }

  toPayload(): ChangePayload {
    const payload: ChangePayload = {};
    if (this.unknown) payload.all = 1;
    if (this.uiTextsChanged) payload.ui = 1;
    if (this.settingsChanged) payload.s = 1;
    if (this.topics.size > 0) {
      payload.t = {};
      for (const [id, aspects] of this.topics) {
        let mask = 0;
        for (const aspect of aspects) mask |= 1 << TOPIC_ASPECTS.indexOf(aspect);
        payload.t[id] = mask;
      }
    }
    if (this.categories.size > 0) payload.c = [...this.categories];
    if (this.tags.size > 0) payload.g = [...this.tags];
    if (this.users.size > 0) payload.u = [...this.users];
    if (this.notifications.size > 0) payload.n = [...this.notifications];
    if (this.inboxesRead.size > 0) payload.r = [...this.inboxesRead];
    return payload;
  }

  /** Reads a payload from another server; anything malformed is taken as "everything may have changed". */
  static fromPayload(value: unknown): ChangeSet {
    if (typeof value !== 'object' || value === null) return ChangeSet.everything();
    const payload = value as ChangePayload;
    const change = payload.all ? ChangeSet.everything() : new ChangeSet();
    if (payload.ui) change.uiTexts();
    if (payload.s) change.settings();
    const ids = (list: unknown) => (Array.isArray(list) ? list.filter(isId) : []);
    for (const [key, mask] of Object.entries(payload.t ?? {})) {
      const id = Number(key);
      if (!isId(id) || typeof mask !== 'number') continue;
      change.topic(id, ...TOPIC_ASPECTS.filter((_, bit) => (mask & (1 << bit)) !== 0));
    }
    for (const id of ids(payload.c)) change.category(id);
    for (const id of ids(payload.g)) change.tag(id);
    for (const id of ids(payload.u)) change.user(id);
    change.notificationsWritten(ids(payload.n));
    for (const id of ids(payload.r)) change.inboxRead(id);
    return change;
  }
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
