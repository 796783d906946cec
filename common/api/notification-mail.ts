import { z } from 'zod';
import { linkTokenField } from './account-links.js';
import { NOTIFICATION_KINDS } from './notifications.js';

/**
 * One-click unsubscribe from notification e-mail (issue 39, RFC 8058; docs/decisions/033-notification-mail.md).
 * Every message carries `List-Unsubscribe: <…/api/notification-mail/unsubscribe?token=…>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`; a mail client POSTs that body to that address,
 * without signing in. The message's visible link opens the /unsubscribe page, which asks before it posts
 * the same: a GET changes nothing (mail scanners follow links).
 */

/** What a link stops: one kind (a message sent at once) or `all` (the digest: every kind mailed). */
export const UNSUBSCRIBE_SCOPES = [...NOTIFICATION_KINDS, 'all'] as const;
export type UnsubscribeScope = (typeof UNSUBSCRIBE_SCOPES)[number];

/** Days an unsubscribe link works after its message was sent. */
export const UNSUBSCRIBE_VALIDITY_DAYS = 90;

export const unsubscribeQuery = z.object({ token: linkTokenField });

/** RFC 8058's body, form-encoded (or multipart) from mail clients, JSON from the page. */
export const unsubscribeBody = z.object({ 'List-Unsubscribe': z.literal('One-Click') });

/** What the link stopped: used again, the same answer, and nothing more changes. */
export const unsubscribeData = z.object({ unsubscribed: z.enum(UNSUBSCRIBE_SCOPES) });
export type UnsubscribeData = z.infer<typeof unsubscribeData>;

/** The path of the POST, under /api, and of the page the message's visible link opens. */
export const UNSUBSCRIBE_API_PATH = '/notification-mail/unsubscribe';
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';
