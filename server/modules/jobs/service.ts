import type { JobDto, JobListData } from '../../../common/api/jobs.js';
import type { AppContext } from '../../context.js';
import type { JobRow } from '../../db/schema.js';
import { errors } from '../../http/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/guards.js';
import { JobsRepository } from './repository.js';

/** What administrators see of the jobs, and the one thing they may do: run a failed job again. */
export class JobsAdminService {
  constructor(private readonly ctx: AppContext) {}

  async list(limit: number): Promise<JobListData> {
    const repository = new JobsRepository(this.ctx.db, this.ctx.database.kind);
    const [recent, failed, counts] = await Promise.all([
      repository.recent(limit),
      repository.recent(limit, 'failed'),
      repository.countsByState(),
    ]);
    return { recent: recent.map(toJobDto), failed: failed.map(toJobDto), counts };
  }

  /** Queues a failed job again, due now, with its attempts counted afresh; audited. */
  async retry(actor: AuthUser, id: number): Promise<JobDto> {
    // A write like any other: its audit entry and its requeue carry the write's one instant.
    return this.ctx.changes.transaction(async (trx, change) => {
      const repository = new JobsRepository(trx, this.ctx.database.kind);
      const before = await repository.byId(id);
      if (!before || !(await repository.requeueFailed(id, change.at))) throw errors.notFound('Failed job');
      const after = await repository.byId(id);
      if (!after) throw errors.notFound('Failed job');
      await recordAudit(trx, change, actor, {
        action: 'status',
        entityType: 'job',
        entityId: id,
        before: {
          kind: before.kind,
          state: before.state,
          attempts: before.attempts,
          lastError: before.last_error,
        },
        after: { state: after.state, attempts: after.attempts },
      });
      return toJobDto(after);
    });
  }
}

function toJobDto(row: JobRow): JobDto {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    dueAt: row.due_at,
    finishedAt: row.finished_at,
    lastError: row.last_error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
