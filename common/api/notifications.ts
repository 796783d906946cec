import { z } from 'zod';
import { apiComponents } from './components.js';
import { myVotesQuery } from './profile.js';

/**
 * What a person can be told (issue 39, docs/decisions/032-notifications.md):
 * - `leaderChanged`: a topic they follow has a new #1;
 * - `ownFirstEnteredPodium` / `ownFirstLeftPodium`: the proposition they placed first on a topic entered or
 *   left its top 3;
 * - `subTopicAdded`: a main topic they follow gained a sub-topic;
 * - `proposalAwaitsReview`, `burstFlagged`: for administrators, a proposal held for review, a burst of
 *   ballots flagged.
 */
export const NOTIFICATION_KINDS = [
  'leaderChanged',
  'ownFirstEnteredPodium',
  'ownFirstLeftPodium',
  'subTopicAdded',
  'proposalAwaitsReview',
  'burstFlagged',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds only administrators receive (and may set a delivery for). */
export const ADMIN_NOTIFICATION_KINDS: readonly NotificationKind[] = ['proposalAwaitsReview', 'burstFlagged'];

/** How a person wants a kind: in the app only, also by e-mail at once, or also in a daily e-mail digest. */
export const NOTIFICATION_DELIVERIES = ['app', 'email', 'digest'] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];

const namedProposition = z.object({ id: z.int(), name: z.string() });

/**
 * A notification's facts, as they stood when it was made (names of propositions are the community's own
 * words, never translated); the topic is the notification's own `topic`. `events` counts the events merged
 * into it by the hourly batch (1 when alone).
 */
export const notificationFacts = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('leaderChanged'),
    /** The new #1 (several when tied). */
    leaders: z.array(namedProposition),
    /** The #1 before (empty when the topic had no points). */
    previousLeaders: z.array(namedProposition),
    events: z.int(),
  }),
  z.object({
    kind: z.literal('ownFirstEnteredPodium'),
    proposition: namedProposition,
    /** Its rank now (1 to 3). */
    rank: z.int(),
    events: z.int(),
  }),
  z.object({
    kind: z.literal('ownFirstLeftPodium'),
    proposition: namedProposition,
    /** Its rank now (4 or more), null when it has no points left. */
    rank: z.int().nullable(),
    events: z.int(),
  }),
  z.object({
    kind: z.literal('subTopicAdded'),
    subTopic: z.object({ id: z.int(), slug: z.string() }),
    events: z.int(),
  }),
  z.object({
    kind: z.literal('proposalAwaitsReview'),
    proposition: namedProposition,
    events: z.int(),
  }),
  z.object({
    kind: z.literal('burstFlagged'),
    flagId: z.int(),
    ballots: z.int(),
    events: z.int(),
  }),
]);
export type NotificationFacts = z.infer<typeof notificationFacts>;

export const notificationDto = z
  .object({
    id: z.int(),
    kind: z.enum(NOTIFICATION_KINDS),
    /** The topic (or main topic) it is about, titled in the asked language; null if it concerns none. */
    topic: z.object({ id: z.int(), slug: z.string(), title: z.string(), isMain: z.boolean() }).nullable(),
    /** For `subTopicAdded`: the new sub-topic's title in the asked language. */
    subTopicTitle: z.string().optional(),
    facts: notificationFacts,
    createdAt: z.string(),
    /** Its last batched event (equals createdAt when alone); the inbox is ordered by it, newest first. */
    updatedAt: z.string(),
    read: z.boolean(),
    /** The page it leads to, in the asked language (a path of this site). */
    href: z.string(),
  })
  .register(apiComponents, { id: 'NotificationDto' });
export type NotificationDto = z.infer<typeof notificationDto>;

/** GET /api/notifications?lang=&limit=&offset= (the caller's own, newest first). */
export const notificationsQuery = myVotesQuery;
export const notificationsData = z.object({
  notifications: z.array(notificationDto),
  total: z.int(),
  unread: z.int(),
});
export type NotificationsData = z.infer<typeof notificationsData>;

/** GET /api/notifications/unread-count, and the answer of the mark-read routes. */
export const unreadCountData = z.object({ unread: z.int() });
export type UnreadCountData = z.infer<typeof unreadCountData>;

/** POST /api/notifications/stream-tickets: a single-use ticket, valid 30 s, to open the live stream with. */
export const streamTicketData = z.object({ ticket: z.string(), expiresAt: z.string() });
export type StreamTicketData = z.infer<typeof streamTicketData>;

/** GET and PUT /api/users/me/notification-settings: the delivery of each kind the caller may receive. */
export const notificationSettingsData = z.object({
  settings: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.enum(NOTIFICATION_DELIVERIES)),
});
export type NotificationSettingsData = z.infer<typeof notificationSettingsData>;
export const notificationSettingsBody = z.strictObject({
  settings: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.enum(NOTIFICATION_DELIVERIES)),
});
