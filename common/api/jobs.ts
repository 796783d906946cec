import { z } from 'zod';
import { apiComponents } from './components.js';

/** The job runner's work as administrators see it (GET /api/admin/jobs). */

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStateName = (typeof JOB_STATES)[number];

export const jobListQuery = z.object({
  /** Rows of each list (recent, failed). */
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type JobListQuery = z.input<typeof jobListQuery>;

export const jobDto = z
  .object({
    id: z.int(),
    kind: z.string(),
    state: z.enum(JOB_STATES),
    attempts: z.int(),
    maxAttempts: z.int(),
    /** When it is (or was last) due to run. */
    dueAt: z.string(),
    /** When it was done, or kept as failed; null while queued or running. */
    finishedAt: z.string().nullable(),
    /** The last failure's message; null once it is done. */
    lastError: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .register(apiComponents, { id: 'JobDto' });
export type JobDto = z.infer<typeof jobDto>;

export const jobListData = z.object({
  /** The most recently moved jobs, newest first, whatever their state. */
  recent: z.array(jobDto),
  /** Jobs kept as failed, most recent first. */
  failed: z.array(jobDto),
  /** Jobs in each state. */
  counts: z.object({ queued: z.int(), running: z.int(), done: z.int(), failed: z.int() }),
});
export type JobListData = z.infer<typeof jobListData>;

export const jobIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const jobRetryData = z.object({ job: jobDto });
export type JobRetryData = z.infer<typeof jobRetryData>;
