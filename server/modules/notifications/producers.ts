import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { NotificationFacts } from '../../../common/api/notifications.js';
import type { AppContext } from '../../context.js';
import { FollowsRepository } from '../follows/repository.js';
import { HistoryRepository } from '../history/repository.js';
import type { RunningJob } from '../jobs/runner.js';
import { RankingsService } from '../rankings/service.js';
import { type PodiumSeen, podiumNews, podiumOf } from './podium.js';
import { PODIUM_SETTLE_MS, PODIUM_SWEEP } from './podium-marks.js';
import { NotificationsRepository } from './repository.js';
import type { Announcement } from './service.js';

/** A day after every snapshot's (`latestBefore` reads the snapshots before a day). */
const LATER_THAN_ANY_DAY = '9999-12-31';

/** Writes one announcement for its audience, in chunks. */
export const DELIVER = 'notifications.deliver';
/** Tells a main topic's followers of a sub-topic opened under it. */
export const SUB_TOPIC_OPENED = 'notifications.sub-topic-opened';
/** Forgets the progress of deliveries long finished. */
export const FORGET_DELIVERIES = 'notifications.forget-deliveries';

/** Ranking rows a podium check reads first: the top 3 and room for ties with the third. */
const PODIUM_READ_ROWS = 10;
/** Topics whose first rows one read gets: about 4 ms of SQLite's work on the bench's busiest topics. */
const TOPICS_PER_LOOK = 25;
/** Marks a sweep reads at once: a second's worth of a busy site's topics. */
const MARKS_PER_READ = 500;
/** Deliveries taken at once: a few seconds' news of a busy site. */
const DELIVER_BATCH = 100;
const DAY_MS = 86_400_000;

/** Who an announcement is for, found when it is delivered (ascending ids). */
export type Audience =
  | { followersOf: number; except?: number[] }
  | { firstPlaceOf: number; topicId: number; exceptFollowersOf?: number }
  | { administrators: true; except?: number[] };

interface DeliverPayload {
  announcement: Announcement;
  audience: Audience;
}

const deliverJob = (announcement: Announcement, audience: Audience) => ({
  kind: DELIVER,
  payload: { announcement, audience } satisfies DeliverPayload,
});

/**
 * Notifications are made once per event across the servers: each write's events enqueue jobs in its own
 * transaction (the outbox), and a job runs once wherever it is taken. Nothing here runs on commit.
 */
export function registerNotificationProducers(ctx: AppContext): void {
  const { outbox, jobs } = ctx;
  // The writes that may move a podium mark its topic (podium-marks.ts); nothing else here runs per ballot.
  outbox.on('propositionCreated', (event) =>
    event.listedAt !== null
      ? undefined
      : deliverJob(
          {
            kind: 'proposalAwaitsReview',
            topicId: event.proposition.topicId,
            facts: {
              kind: 'proposalAwaitsReview',
              proposition: { id: event.proposition.id, name: event.proposition.name },
              events: 1,
            },
          },
          // An administrator's own proposal is not news to them.
          {
            administrators: true,
            except: event.proposition.createdBy === null ? [] : [event.proposition.createdBy],
          },
        ),
  );
  outbox.on('burstFlagged', (event) =>
    deliverJob(
      {
        kind: 'burstFlagged',
        topicId: event.topicId,
        facts: { kind: 'burstFlagged', flagId: event.flagId, ballots: event.ballots, events: 1 },
      },
      { administrators: true },
    ),
  );
  outbox.on('topicOpened', (event) =>
    event.mainTopicId === null
      ? undefined
      : {
          kind: SUB_TOPIC_OPENED,
          payload: { topicId: event.topicId, mainTopicId: event.mainTopicId, by: event.by },
        },
  );

  // A second's sweep (podium-marks.ts): the topics whose mark is due, looked at together. When the next
  // falls due while a sweep still runs here (a flood of marks), the running one sweeps again once done,
  // rather than two sweeps reading the same marks at once.
  let sweeping = false;
  let sweepAgain = false;
  jobs.handle(PODIUM_SWEEP, async () => {
    if (sweeping) {
      sweepAgain = true;
      return;
    }
    sweeping = true;
    try {
      do {
        sweepAgain = false;
        await sweepPodiums(ctx);
      } while (sweepAgain);
    } finally {
      sweeping = false;
    }
  });
  // Taken in batches too: a podium that moved makes a delivery per piece of news (the lead, each place
  // that came or went), most to a handful of first-place voters or nobody; taken one by one, each was a look
  // and a take of its own, a dozen a second under a flood of ballots (docs/decisions/032). Each delivery
  // keeps its own key, so a batch run again goes on where each left off.
  jobs.handleBatch(
    DELIVER,
    async (items) => {
      for (const { payload, job } of items) {
        const { announcement, audience } = payload as DeliverPayload;
        await ctx.notifications.deliver(deliveryKey(job), announcement, await audienceOf(ctx, audience));
      }
    },
    { batchSize: DELIVER_BATCH },
  );
  jobs.handle(SUB_TOPIC_OPENED, async (payload, job) => {
    const { topicId, mainTopicId, by } = payload as { topicId: number; mainTopicId: number; by: number };
    const [topic] = await new NotificationsRepository(ctx.db).topics([topicId]);
    // Deactivated or moved since: nobody can open it there.
    if (topic?.is_active !== 1 || topic.main_topic_id !== mainTopicId) return;
    const facts: NotificationFacts = {
      kind: 'subTopicAdded',
      subTopic: { id: topic.id, slug: topic.slug },
      events: 1,
    };
    await ctx.notifications.deliver(
      deliveryKey(job),
      { kind: 'subTopicAdded', topicId: mainTopicId, facts },
      await audienceOf(ctx, { followersOf: mainTopicId, except: [by] }),
    );
  });
  jobs.every(FORGET_DELIVERIES, DAY_MS, async () => {
    await new NotificationsRepository(ctx.db).deleteDeliveriesBefore(
      new Date(ctx.clock.now() - 7 * DAY_MS).toISOString(),
    );
  });
}

/**
 * Checks the podiums of the topics whose mark has been due for PODIUM_SETTLE_MS, a read of marks at a time,
 * and takes out the marks it checked (only those that old: a topic marked again meanwhile keeps its new mark).
 * Run again after a failure or on two servers at once, it checks a topic twice, which tells nobody twice.
 */
async function sweepPodiums(ctx: AppContext): Promise<void> {
  const repository = new NotificationsRepository(ctx.db);
  for (;;) {
    const settled = new Date(ctx.clock.now() - PODIUM_SETTLE_MS).toISOString();
    const topicIds = await repository.duePodiumMarks(settled, MARKS_PER_READ);
    // SQLite answers at once, on the thread that serves requests: a few topics per read and a turn of the
    // event loop after each read and each check, so that no request waits for more than a few milliseconds.
    for (let start = 0; start < topicIds.length; start += TOPICS_PER_LOOK) {
      const moved = await podiumsThatMoved(ctx, topicIds.slice(start, start + TOPICS_PER_LOOK));
      await yieldToOthers();
      for (const topicId of moved) {
        await checkPodium(ctx, topicId);
        await yieldToOthers();
      }
    }
    await repository.clearPodiumMarks(topicIds, settled);
    if (topicIds.length < MARKS_PER_READ) return;
  }
}

/** A delivery is its job: run again, it goes on where its last committed chunk left it. */
const deliveryKey = (job: RunningJob) => `job:${job.id}`;

async function audienceOf(ctx: AppContext, audience: Audience): Promise<number[]> {
  const repository = new NotificationsRepository(ctx.db);
  let people: number[];
  let except = new Set<number>();
  if ('followersOf' in audience) {
    people = await new FollowsRepository(ctx.db).followers(audience.followersOf);
    except = new Set(audience.except);
  } else if ('firstPlaceOf' in audience) {
    people = await repository.firstPlaceVoters(audience.topicId, audience.firstPlaceOf);
    if (audience.exceptFollowersOf !== undefined)
      except = new Set(await new FollowsRepository(ctx.db).followers(audience.exceptFollowersOf));
  } else {
    people = await repository.administrators();
    except = new Set(audience.except);
  }
  return [...new Set(people.filter((id) => !except.has(id)))].sort((a, b) => a - b);
}

/**
 * Of these topics, those whose podium may differ from the one their last check stored: two reads for all of
 * them (their first rows by points, their stored podiums), so that the many checks that find the podium as it
 * was cost a share of one query each. A podium the first rows cannot tell (ties fill them) counts as moved.
 */
async function podiumsThatMoved(ctx: AppContext, topicIds: readonly number[]): Promise<number[]> {
  const firstRows = await new RankingsService(ctx.db).leadersByPoints(topicIds, PODIUM_READ_ROWS);
  const stored = await new NotificationsRepository(ctx.db).podiums(topicIds);
  return topicIds.filter((topicId) => {
    const top = firstRows.get(topicId) ?? [];
    const seen = stored.get(topicId);
    const topHoldsPodium = top.length < PODIUM_READ_ROWS || (top.at(-1)?.rank ?? 0) > 3;
    return !(seen && topHoldsPodium && sameAs(seen, podiumOf(top)));
  });
}

/**
 * Compares the topic's podium now (the ranking's own reading: counted ballots, competition ranks) with the
 * one its last check saw, stores the new one, and enqueues the news in the same transaction. A topic never
 * checked before (one that had ballots before notifications existed) is compared with the podium of its
 * latest daily snapshot, so the change that caused the check is not swallowed; a topic without one (new
 * today) stores what its first check sees and tells nobody: its first ballots make no news.
 */
export async function checkPodium(ctx: AppContext, topicId: number): Promise<void> {
  // The whole ranking: the news names what left the podium with its place now, wherever it fell.
  const entries = await new RankingsService(ctx.db).byPoints(topicId);
  // Unknown, deleted or inactive: nobody follows what nobody can see.
  if (!entries) return;
  const stored = await new NotificationsRepository(ctx.db).podium(topicId);
  const now = podiumOf(entries);
  const seen = seenOf(now);
  if (stored && sameAs(stored, now)) return;
  const before: PodiumSeen | undefined = stored
    ? { leaders: JSON.parse(stored.leaders), podium: JSON.parse(stored.podium) }
    : await lastSnapshotPodium(ctx, topicId);
  await ctx.changes.transaction(async (trx, change) => {
    const repository = new NotificationsRepository(trx);
    // Another check saw this change first (two servers, a job taken again): it told everyone.
    const took = stored
      ? await repository.replacePodium(topicId, stored, seen, change.at)
      : await repository.insertPodium(topicId, seen, change.at);
    if (!took || !before) return;
    const news = podiumNews(topicId, before, now, entries);
    await ctx.jobs.enqueueMany(
      trx,
      news.map(({ announcement, audience }) => deliverJob(announcement, audience)),
    );
  });
}

/** A podium as it is stored and compared: JSON of its leaders and top 3. */
const seenOf = (podium: PodiumSeen) => ({
  leaders: JSON.stringify(podium.leaders),
  podium: JSON.stringify(podium.podium),
});

const sameAs = (stored: { leaders: string; podium: string }, podium: PodiumSeen) => {
  const seen = seenOf(podium);
  return stored.leaders === seen.leaders && stored.podium === seen.podium;
};

/** The podium of the topic's latest daily snapshot (rank history, decision 023); undefined when it has none. */
async function lastSnapshotPodium(ctx: AppContext, topicId: number): Promise<PodiumSeen | undefined> {
  const places = (await new HistoryRepository(ctx.db).latestBefore(topicId, topicId, LATER_THAN_ANY_DAY)).get(
    topicId,
  );
  if (!places) return undefined;
  return podiumOf(
    places.map((place) => ({
      id: place.propositionId,
      rank: place.rank,
      totalPoints: place.totalPoints,
    })),
  );
}
