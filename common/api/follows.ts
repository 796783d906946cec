import { z } from 'zod';
import { apiComponents } from './components.js';
import { myVotesQuery } from './profile.js';

/**
 * Why a person follows a topic (issue 39): they chose to (`explicit`), or they hold a ballot on it and
 * follow the topics they vote on (`vote`). A main topic is only ever followed explicitly.
 */
export const FOLLOW_REASONS = ['explicit', 'vote'] as const;
export type FollowReason = (typeof FOLLOW_REASONS)[number];

/** GET, PUT and DELETE /api/topics/{topicId}/follow: whether the caller follows it, and why. */
export const followStatusDto = z
  .object({
    topicId: z.int(),
    following: z.boolean(),
    /** Null when not following. */
    reason: z.enum(FOLLOW_REASONS).nullable(),
  })
  .register(apiComponents, { id: 'FollowStatusDto' });
export type FollowStatusDto = z.infer<typeof followStatusDto>;

/** GET /api/users/me/follows: what the caller follows, most recent first; paged like my votes. */
export const myFollowsQuery = myVotesQuery;

export const followedTopicDto = z
  .object({
    id: z.int(),
    slug: z.string(),
    /** In the asked language, else fr, en, then the topic's base title. */
    title: z.string(),
    /** A main topic (a hub of sub-topics). */
    isMain: z.boolean(),
    reason: z.enum(FOLLOW_REASONS),
    /** When the follow began: the follow, else the caller's first ballot on it. */
    since: z.string(),
  })
  .register(apiComponents, { id: 'FollowedTopicDto' });
export type FollowedTopicDto = z.infer<typeof followedTopicDto>;

export const myFollowsData = z.object({
  topics: z.array(followedTopicDto),
  total: z.int(),
  /** The profile's switch: whether the topics the caller votes on are followed. */
  followVotedTopics: z.boolean(),
});
export type MyFollowsData = z.infer<typeof myFollowsData>;

/** PUT /api/users/me/follow-settings. */
export const followSettingsBody = z.strictObject({ followVotedTopics: z.boolean() });
export type FollowSettingsBody = z.infer<typeof followSettingsBody>;
export const followSettingsData = followSettingsBody;
