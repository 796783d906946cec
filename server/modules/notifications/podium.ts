import type { RankingEntryDto } from '../../../common/api/topics.js';
import type { Audience } from './producers.js';
import type { Announcement } from './service.js';

/** What a podium check keeps of a topic: its #1 (several when tied) and its top 3, propositions with points. */
export interface PodiumSeen {
  /** Ascending ids. */
  leaders: number[];
  /** Ranked 1 to 3 with points, in ranking order. */
  podium: { id: number; rank: number }[];
}

/** The podium of a ranking (competition ranks: 1, 2, 2, 4), points only. */
export function podiumOf(
  entries: readonly Pick<RankingEntryDto, 'id' | 'rank' | 'totalPoints'>[],
): PodiumSeen {
  const scored = entries.filter((entry) => entry.totalPoints > 0);
  return {
    leaders: scored
      .filter((entry) => entry.rank === 1)
      .map((entry) => entry.id)
      .sort((a, b) => a - b),
    podium: scored.filter((entry) => entry.rank <= 3).map((entry) => ({ id: entry.id, rank: entry.rank })),
  };
}

const named = (entry: RankingEntryDto) => ({ id: entry.id, name: entry.itemName });

/**
 * What changed between two podiums of a topic, and for whom:
 * - a new #1 (not none): `leaderChanged` for the topic's followers;
 * - a proposition that entered the top 3: `ownFirstEnteredPodium` for the voters who placed it first, except
 *   followers when it entered as the #1 (their `leaderChanged` says it already);
 * - one that left it and is still listed: `ownFirstLeftPodium` for its first-place voters (followers too: the
 *   lead's news does not say it).
 */
export function podiumNews(
  topicId: number,
  before: PodiumSeen,
  now: PodiumSeen,
  entries: readonly RankingEntryDto[],
): { announcement: Announcement; audience: Audience }[] {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const news: { announcement: Announcement; audience: Audience }[] = [];
  const leaderChanged =
    now.leaders.length > 0 &&
    (now.leaders.length !== before.leaders.length || now.leaders.some((id, i) => before.leaders[i] !== id));
  if (leaderChanged) {
    const namedOf = (ids: readonly number[]) =>
      ids.flatMap((id) => {
        const entry = byId.get(id);
        return entry ? [named(entry)] : [];
      });
    news.push({
      announcement: {
        kind: 'leaderChanged',
        topicId,
        facts: {
          kind: 'leaderChanged',
          leaders: namedOf(now.leaders),
          previousLeaders: namedOf(before.leaders),
          events: 1,
        },
      },
      audience: { followersOf: topicId },
    });
  }
  const wasOn = new Set(before.podium.map((place) => place.id));
  const isOn = new Set(now.podium.map((place) => place.id));
  for (const place of now.podium) {
    const entry = byId.get(place.id);
    if (wasOn.has(place.id) || !entry) continue;
    news.push({
      announcement: {
        kind: 'ownFirstEnteredPodium',
        topicId,
        facts: { kind: 'ownFirstEnteredPodium', proposition: named(entry), rank: place.rank, events: 1 },
      },
      audience: {
        firstPlaceOf: place.id,
        topicId,
        ...(leaderChanged && now.leaders.includes(place.id) && { exceptFollowersOf: topicId }),
      },
    });
  }
  for (const place of before.podium) {
    const entry = byId.get(place.id);
    // Deleted since: its voters' ballots lost the place with it; there is nothing left to tell of it.
    if (isOn.has(place.id) || !entry) continue;
    news.push({
      announcement: {
        kind: 'ownFirstLeftPodium',
        topicId,
        facts: {
          kind: 'ownFirstLeftPodium',
          proposition: named(entry),
          rank: entry.totalPoints > 0 ? entry.rank : null,
          events: 1,
        },
      },
      audience: { firstPlaceOf: place.id, topicId },
    });
  }
  return news;
}
