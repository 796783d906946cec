import type { JobDto, JobListData } from '../../../common/api/jobs.js';
import type { Clock } from '../../clock/clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { JobRow } from '../../db/schema.js';
import { errors } from '../../http/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/guards.js';
import { JobsRepository } from './repository.js';

/** What administrators see of the jobs, and the one thing they may do: run a failed job again. */
export class JobsAdminService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
  ) {}

  async list(limit: number): Promise<JobListData> {
    const repository = new JobsRepository(this.database.db, this.database.kind);
    const [recent, failed, counts] = await Promise.all([
      repository.recent(limit),
      repository.recent(limit, 'failed'),
      repository.countsByState(),
    ]);
    return { recent: recent.map(toJobDto), failed: failed.map(toJobDto), counts };
  }

  /** Queues a failed job again, due now, with its attempts counted afresh; audited. */
  async retry(actor: AuthUser, id: number): Promise<JobDto> {
    return this.database.db.transaction().execute(async (trx) => {
      const repository = new JobsRepository(trx, this.database.kind);
      const at = this.clock.nowIso();
      const before = await repository.byId(id);
      if (!before || !(await repository.requeueFailed(id, at))) throw errors.notFound('Failed job');
      const after = await repository.byId(id);
      if (!after) throw errors.notFound('Failed job');
      await recordAudit(trx, { at }, actor, {
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
