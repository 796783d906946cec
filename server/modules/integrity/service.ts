import type {
  BurstFlagDto,
  IntegrityTopicData,
  OpenFlagsData,
  UserBallotsData,
} from '../../../common/api/integrity.js';
import type { Language } from '../../../common/constants.js';
import type { AppContext } from '../../context.js';
import { errors } from '../../http/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/guards.js';
import type { Jobs } from '../jobs/runner.js';
import { settingsCacheFor } from '../settings/service.js';
import { TopicsRepository } from '../topics/repository.js';
import { UsersRepository } from '../users/repository.js';
import { BallotsRepository } from '../votes/ballots-repository.js';
import { findBursts, type RecentBallot } from './bursts.js';
import { IntegrityRepository } from './repository.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** The detector looks once a minute at the ballots of the last two burst windows. */
export const DETECT_BURSTS = 'integrity.detect-bursts';
export const DETECT_INTERVAL_MS = MINUTE_MS;
/** At most this many recent ballots per look: a flood beyond it is read on the next looks. */
const RECENT_BALLOTS_LIMIT = 20_000;
/** Networks are kept with ballot versions this long, then cleared by a daily job. */
export const FORGET_NETWORKS = 'integrity.forget-networks';
export const NETWORK_RETENTION_MS = 30 * DAY_MS;
const FORGET_BATCH = 1_000;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Bursts and the screen administrators judge them on (issue 36): a job finds them in the recent ballots
 * and keeps each as a flag listing its ballots (extended while it goes on); the screen shows a topic's
 * ballots per hour and its flags; administrators act with the counting actions (quarantine, restore,
 * deactivation) or dismiss a flag they judge harmless.
 */
export class IntegrityService {
  constructor(private readonly ctx: AppContext) {}

  /** One look for bursts; answers how many flags it raised or extended. */
  async detect(): Promise<number> {
    const { settings } = await settingsCacheFor(this.ctx.db).read(this.ctx.db);
    const now = this.ctx.clock.now();
    const windowMs = settings.burstMinutes * MINUTE_MS;
    const rows = await new IntegrityRepository(this.ctx.db).recentBallots(
      iso(now - 2 * windowMs),
      RECENT_BALLOTS_LIMIT,
    );
    const recent: RecentBallot[] = rows.map((row) => ({
      ballotId: row.id,
      topicId: row.topic_id,
      propositionIds: [row.first_id, row.second_id, row.third_id].filter((id): id is number => id !== null),
      castAtMs: Date.parse(row.cast_at),
      network: row.network,
      accountCreatedAtMs: Date.parse(row.account_created_at),
    }));
    const bursts = findBursts(recent, settings);
    let written = 0;
    // One short transaction per burst, and none for a burst its flag holds already: ballots keep being
    // written between them (SQLite has one writer) while a long burst is looked at again every minute.
    for (const burst of bursts) {
      const [first, last] = [iso(burst.firstCastAtMs), iso(burst.lastCastAtMs)];
      const reader = new IntegrityRepository(this.ctx.db);
      const known = await reader.findRecentFlag(burst, iso(burst.firstCastAtMs - windowMs));
      if (known && (await reader.countHeld(known.id, burst.ballotIds)) === burst.ballotIds.length) continue;
      await this.ctx.changes.transaction(async (trx, change) => {
        const flags = new IntegrityRepository(trx);
        let flagId: number;
        if (known) {
          flagId = known.id;
          await flags.widenFlag(
            known.id,
            iso(Math.min(burst.firstCastAtMs, Date.parse(known.first_cast_at))),
            iso(Math.max(burst.lastCastAtMs, Date.parse(known.last_cast_at))),
          );
        } else {
          flagId = await flags.insertFlag({
            ...burst,
            firstCastAt: first,
            lastCastAt: last,
            createdAt: iso(now),
          });
          change.burstFlagged({ flagId, topicId: burst.topicId, ballots: burst.ballotIds.length });
        }
        await flags.addBallots(flagId, burst.ballotIds);
      });
      written++;
    }
    return written;
  }

  /** A topic's ballots per hour over `days`, and its flags with their ballots. */
  async topicScreen(topicId: number, days: number, language: Language): Promise<IntegrityTopicData> {
    const topic = await new TopicsRepository(this.ctx.db).findById(topicId, { includeInactive: true });
    if (!topic) throw errors.notFound('Topic');
    const now = this.ctx.clock.now();
    const from = iso(now - days * DAY_MS);
    const repository = new IntegrityRepository(this.ctx.db);
    const [timeline, flags, texts] = await Promise.all([
      repository.timeline(topicId, from),
      this.flagDtos({ topicId }),
      this.ctx.texts.picker('topic', [topicId], language),
    ]);
    return {
      topic: {
        id: topic.id,
        slug: topic.slug,
        title: texts.pick(topic.id, 'title', { text: topic.title, language: topic.language }),
      },
      from,
      to: iso(now),
      timeline: timeline.map((point) => ({
        at: `${point.hour}:00:00.000Z`,
        cast: point.cast,
        counted: point.counted,
      })),
      // Open flags first, each group newest first.
      flags: [...flags.filter((flag) => flag.open), ...flags.filter((flag) => !flag.open)],
    };
  }

  /** The open flags across every topic, for the admin panel. */
  async openFlags(language: Language): Promise<OpenFlagsData> {
    const rows = await new IntegrityRepository(this.ctx.db).openFlagsByTopic();
    const texts = await this.ctx.texts.picker(
      'topic',
      rows.map((row) => row.id),
      language,
    );
    return {
      open: rows.reduce((sum, row) => sum + Number(row.open_flags), 0),
      topics: rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        title: texts.pick(row.id, 'title', { text: row.title, language: row.language }),
        openFlags: Number(row.open_flags),
        lastCastAt: String(row.last_cast_at),
      })),
    };
  }

  /** An administrator judges a flag harmless: it closes, its ballots stay as they are. Audited. */
  async dismiss(actor: AuthUser, flagId: number): Promise<BurstFlagDto> {
    await this.ctx.changes.transaction(async (trx, change) => {
      const flags = new IntegrityRepository(trx);
      const [flag] = await flags.flags({ flagId });
      if (!flag) throw errors.notFound('Flag');
      if (!(await flags.dismiss(flagId, change.at))) return;
      await recordAudit(trx, change, actor, {
        action: 'dismiss',
        entityType: 'burst_flag',
        entityId: flagId,
        topicId: flag.topic_id,
        after: { kind: flag.kind, propositionId: flag.proposition_id },
      });
    });
    const [dto] = await this.flagDtos({ flagId });
    return dto as BurstFlagDto;
  }

  /** A person's ballots with every version, for administrators (from the user table). */
  async userBallots(userId: number, language: Language): Promise<UserBallotsData> {
    const account = await new UsersRepository(this.ctx.db).findById(userId);
    if (!account) throw errors.notFound('User');
    // Newest ballot first, each with its newest version first (the export reads the same rows oldest first).
    const rows = (await new BallotsRepository(this.ctx.db).versionsOf(userId)).sort(
      (a, b) => b.voted_at.localeCompare(a.voted_at) || a.ballot_id - b.ballot_id || b.version - a.version,
    );
    const topicIds = [...new Set(rows.map((row) => row.topic_id))];
    const [topics, texts] = await Promise.all([
      new TopicsRepository(this.ctx.db).titlesOf(topicIds),
      this.ctx.texts.picker('topic', topicIds, language),
    ]);
    const topicById = new Map(
      topics.map((topic) => [
        topic.id,
        {
          id: topic.id,
          slug: topic.slug,
          title: texts.pick(topic.id, 'title', { text: topic.title, language: topic.language }),
        },
      ]),
    );
    const ballots = new Map<number, UserBallotsData['ballots'][number]>();
    for (const row of rows) {
      let ballot = ballots.get(row.ballot_id);
      if (!ballot) {
        ballot = {
          ballotId: row.ballot_id,
          topic: topicById.get(row.topic_id) ?? { id: row.topic_id, slug: '', title: '' },
          state: row.state,
          quarantineReason: row.quarantine_reason,
          versions: [],
        };
        ballots.set(row.ballot_id, ballot);
      }
      const places = (
        [
          [3, row.first_id, row.first_name],
          [2, row.second_id, row.second_name],
          [1, row.third_id, row.third_name],
        ] as const
      ).flatMap(([points, id, name]) => (id === null || name === null ? [] : [{ points, id, name }]));
      ballot.versions.push({
        version: row.version,
        castAt: row.cast_at,
        cause: row.cause,
        network: row.network,
        places,
      });
    }
    return {
      account: { username: account.username, isActive: account.is_active === 1 },
      ballots: [...ballots.values()],
    };
  }

  /** The jobs: a look for bursts every minute, and networks forgotten daily; each on one server. */
  registerJobs(jobs: Jobs): void {
    jobs.every(DETECT_BURSTS, DETECT_INTERVAL_MS, async () => void (await this.detect()), {
      maxAttempts: 2,
      retryDelayMs: 30_000,
    });
    jobs.every(
      FORGET_NETWORKS,
      DAY_MS,
      async () => {
        const before = iso(this.ctx.clock.now() - NETWORK_RETENTION_MS);
        const repository = new IntegrityRepository(this.ctx.db);
        while ((await repository.forgetNetworks(before, FORGET_BATCH)) === FORGET_BATCH);
      },
      { maxAttempts: 3, retryDelayMs: 60_000 },
    );
  }

  private async flagDtos(where: { topicId: number } | { flagId: number }): Promise<BurstFlagDto[]> {
    const repository = new IntegrityRepository(this.ctx.db);
    const flags = await repository.flags(where);
    const ballots = await repository.ballotsOfFlags(flags.map((flag) => flag.id));
    return flags.map((flag) => {
      const own = ballots.filter((ballot) => ballot.flag_id === flag.id);
      return {
        id: flag.id,
        kind: flag.kind,
        network: flag.network,
        proposition: { id: flag.proposition_id, name: flag.proposition_name },
        firstCastAt: flag.first_cast_at,
        lastCastAt: flag.last_cast_at,
        open: flag.dismissed_at === null && own.some((ballot) => ballot.state === 'counted'),
        dismissedAt: flag.dismissed_at,
        ballots: own.map((ballot) => ({
          ballotId: ballot.ballot_id,
          userId: ballot.user_id,
          username: ballot.username,
          accountCreatedAt: ballot.account_created_at,
          accountActive: ballot.is_active === 1,
          castAt: ballot.voted_at,
          state: ballot.state,
          quarantineReason: ballot.quarantine_reason,
        })),
      };
    });
  }
}
