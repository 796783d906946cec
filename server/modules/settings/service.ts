import {
  SETTING_DEFAULTS,
  type SettingsData,
  type SettingsDto,
  settingsDto,
  type UpdateSettingsBody,
} from '../../../common/api/settings.js';
import type { ChangeSet } from '../../changes/change-set.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import { perDatabase } from '../../db/per-database.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/guards.js';
import { SettingsRepository } from './repository.js';

/**
 * The settings as saved, each missing one at its default. A stored value that no longer reads as its
 * setting (a value a later version dropped) is its default too: a setting never stops the server.
 */
async function readSettings(db: Executor): Promise<SettingsData> {
  const rows = await new SettingsRepository(db).all();
  const saved: Record<string, unknown> = {};
  for (const row of rows) saved[row.key] = JSON.parse(row.value_json);
  const settings: Record<string, unknown> = { ...SETTING_DEFAULTS };
  for (const key of Object.keys(SETTING_DEFAULTS) as (keyof SettingsDto)[]) {
    const parsed = settingsDto.shape[key].safeParse(saved[key]);
    if (parsed.success) settings[key] = parsed.data;
  }
  const latest = rows.reduce<(typeof rows)[number] | undefined>(
    (last, row) => (last === undefined || row.updated_at > last.updated_at ? row : last),
    undefined,
  );
  return {
    settings: settings as SettingsDto,
    updatedAt: latest?.updated_at ?? null,
    updatedBy: latest?.updated_by || null,
  };
}

/**
 * The settings as this process last read them, read again after any change to them: made here (the
 * change's subscriber) or on another app server (the cluster channel's notice, within a second).
 */
class SettingsCache {
  /** The read under way or done, shared by every reader outside a transaction. */
  private current: Promise<SettingsData> | undefined;
  /** Whether `current` has read them. */
  private settled = false;

  /**
   * `db` reads them when nothing is kept. A transaction never waits for a read under way outside it: on
   * SQLite that read waits for the one connection, which the transaction holds, and both would wait forever
   * (ballots stalled whole benchmark runs after a start, when a ballot's transaction read the proposal
   * setting while a request outside it was reading the settings). It takes a finished read, else reads for
   * itself, and keeps nothing it read: its transaction may yet roll back.
   */
  read(db: Executor): Promise<SettingsData> {
    if (this.current && (this.settled || !db.isTransaction)) return this.current;
    if (db.isTransaction) return readSettings(db);
    const reading = readSettings(db);
    this.current = reading;
    reading.then(
      () => {
        if (this.current === reading) this.settled = true;
      },
      // A failed read is not kept: the next one tries again.
      () => {
        if (this.current === reading) this.current = undefined;
      },
    );
    return reading;
  }

  readonly follow = (change: ChangeSet): void => {
    if (!change.hasSettings) return;
    this.current = undefined;
    this.settled = false;
  };
}

export const settingsCacheFor = perDatabase(() => new SettingsCache());

/** The settings administrators edit in the back-office (issue 34), audited. */
export class SettingsService {
  constructor(private readonly ctx: AppContext) {}

  read(): Promise<SettingsData> {
    return settingsCacheFor(this.ctx.db).read(this.ctx.db);
  }

  /** Saves the settings given that differ from their current value; the others stay as they are. */
  update(actor: AuthUser, patch: UpdateSettingsBody): Promise<SettingsData> {
    return this.ctx.changes.transaction(async (trx, change) => {
      const before = await readSettings(trx);
      const repository = new SettingsRepository(trx);
      for (const key of Object.keys(patch) as (keyof SettingsDto)[]) {
        const value = patch[key];
        if (value === undefined || value === before.settings[key]) continue;
        await repository.save({
          key,
          value_json: JSON.stringify(value),
          updated_at: change.at,
          updated_by: actor.username,
        });
        change.settings(key);
        await recordAudit(trx, change, actor, {
          action: 'update',
          entityType: 'setting',
          entityId: key,
          before: { [key]: before.settings[key] },
          after: { [key]: value },
        });
      }
      return readSettings(trx);
    });
  }
}
