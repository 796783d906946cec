import { z } from 'zod';
import { apiComponents } from './components.js';

/** The administrators' audit trail (GET /api/admin/audit). */

const dateOrInstant = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/, 'Use a date such as 2026-11-23')
  .optional();

export const auditListQuery = z.object({
  /** An actor's id or username. */
  actor: z.string().trim().max(64).optional(),
  entityType: z.string().trim().max(32).optional(),
  /** Entries about one topic: the topic, its tags and its propositions. */
  topicId: z.coerce.number().int().positive().optional(),
  from: dateOrInstant,
  /** A date alone includes that whole day. */
  to: dateOrInstant,
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AuditListQuery = z.input<typeof auditListQuery>;

export const AUDIT_ENTITY_TYPES = [
  'category',
  'tag',
  'topic',
  'proposition',
  'topic_tag',
  'user',
  'translation',
  'job',
  'setting',
  'ballot',
  'burst_flag',
] as const;

/** Who made an entry: an account, an account since deleted, or the server's own jobs. */
export const AUDIT_ACTOR_KINDS = ['account', 'deleted_account', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const auditEntryDto = z
  .object({
    id: z.int(),
    /** `deleted_account`: made by an account since deleted, which the entry no longer names (id and username null). */
    actorKind: z.enum(AUDIT_ACTOR_KINDS),
    actorId: z.int().nullable(),
    actorUsername: z.string().nullable(),
    action: z.string(),
    entityType: z.string(),
    entityId: z.string().nullable(),
    /** The entity as it was and as it became: whatever the action recorded, any JSON. */
    before: z.unknown(),
    after: z.unknown(),
    createdAt: z.string(),
  })
  .register(apiComponents, { id: 'AuditEntryDto' });
export type AuditEntryDto = z.infer<typeof auditEntryDto>;

export const auditListData = z.object({ entries: z.array(auditEntryDto), total: z.int() });
export type AuditListData = z.infer<typeof auditListData>;
