import type { BurstKind } from '../../../common/api/integrity.js';
import type { SettingsDto } from '../../../common/api/settings.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** A counted ballot cast recently, as the detector reads it. */
export interface RecentBallot {
  ballotId: number;
  topicId: number;
  /** The propositions its current places name. */
  propositionIds: readonly number[];
  castAtMs: number;
  network: string | null;
  accountCreatedAtMs: number;
}

/** A burst found: its ballots, all naming the proposition. */
export interface Burst {
  topicId: number;
  propositionId: number;
  kind: BurstKind;
  network: string | null;
  ballotIds: number[];
  firstCastAtMs: number;
  lastCastAtMs: number;
}

export type BurstThresholds = Pick<SettingsDto, 'burstBallots' | 'burstMinutes' | 'burstAccountHours'>;

/**
 * Finds the bursts among recent ballots (issue 36): for each proposition, `burstBallots` or more ballots
 * naming it within `burstMinutes` that came from one network, or whose accounts were created within
 * `burstAccountHours` of each other. Every ballot of every window that meets the threshold belongs to the
 * burst. Pure, so that the rule is tested alone; the job (service.ts) feeds it and keeps its flags.
 */
export function findBursts(ballots: readonly RecentBallot[], thresholds: BurstThresholds): Burst[] {
  const byProposition = new Map<string, RecentBallot[]>();
  for (const ballot of ballots) {
    for (const propositionId of ballot.propositionIds) {
      const key = `${ballot.topicId}:${propositionId}`;
      const group = byProposition.get(key);
      if (group) group.push(ballot);
      else byProposition.set(key, [ballot]);
    }
  }
  const bursts: Burst[] = [];
  for (const [key, group] of byProposition) {
    const [topicId, propositionId] = key.split(':').map(Number) as [number, number];
    const sorted = [...group].sort((a, b) => a.castAtMs - b.castAtMs);
    const byNetwork = new Map<string, RecentBallot[]>();
    for (const ballot of sorted) {
      if (ballot.network === null) continue;
      const fromNetwork = byNetwork.get(ballot.network);
      if (fromNetwork) fromNetwork.push(ballot);
      else byNetwork.set(ballot.network, [ballot]);
    }
    for (const [network, fromNetwork] of byNetwork) {
      const members = inWindows(fromNetwork, thresholds, (window) =>
        window.length >= thresholds.burstBallots ? window : [],
      );
      if (members.length > 0) bursts.push(burstOf(topicId, propositionId, 'network', network, members));
    }
    const fresh = inWindows(sorted, thresholds, (window) => closeAccounts(window, thresholds));
    if (fresh.length > 0) bursts.push(burstOf(topicId, propositionId, 'fresh_accounts', null, fresh));
  }
  return bursts;
}

/**
 * The union of the ballots `pick` keeps from windows of `burstMinutes`, each starting at a ballot (ballots
 * sorted by cast time). After a window that holds enough ballots, the next one looked at starts half a
 * window later: every stretch of half a window lies whole in a window looked at, and a flood of n ballots
 * costs about 2n/w windows instead of n (the detector runs on the server's thread, beside requests).
 * A burst spread over more than half a window may so be found in part; one within half, always whole.
 */
function inWindows(
  sorted: readonly RecentBallot[],
  thresholds: BurstThresholds,
  pick: (window: readonly RecentBallot[]) => Iterable<RecentBallot>,
): RecentBallot[] {
  const spanMs = thresholds.burstMinutes * MINUTE_MS;
  const kept = new Set<RecentBallot>();
  let end = 0;
  let nextStartMs = Number.NEGATIVE_INFINITY;
  for (let start = 0; start < sorted.length; start++) {
    const first = sorted[start] as RecentBallot;
    if (first.castAtMs < nextStartMs) continue;
    end = Math.max(end, start);
    while (end < sorted.length && (sorted[end] as RecentBallot).castAtMs - first.castAtMs <= spanMs) end++;
    if (end - start < thresholds.burstBallots) continue;
    nextStartMs = first.castAtMs + spanMs / 2;
    for (const ballot of pick(sorted.slice(start, end))) kept.add(ballot);
  }
  return [...kept];
}

/** The ballots of a window whose accounts were created close together, if enough of them were. */
function closeAccounts(window: readonly RecentBallot[], thresholds: BurstThresholds): RecentBallot[] {
  const spanMs = thresholds.burstAccountHours * HOUR_MS;
  const byCreation = [...window].sort((a, b) => a.accountCreatedAtMs - b.accountCreatedAtMs);
  const kept: RecentBallot[] = [];
  // Each ballot is kept once: from the first qualifying stretch that reaches it on.
  let keptUntil = 0;
  let end = 0;
  for (let start = 0; start < byCreation.length; start++) {
    const first = byCreation[start] as RecentBallot;
    while (
      end < byCreation.length &&
      (byCreation[end] as RecentBallot).accountCreatedAtMs - first.accountCreatedAtMs <= spanMs
    )
      end++;
    if (end - start < thresholds.burstBallots) continue;
    for (let i = Math.max(start, keptUntil); i < end; i++) kept.push(byCreation[i] as RecentBallot);
    keptUntil = Math.max(keptUntil, end);
  }
  return kept;
}

function burstOf(
  topicId: number,
  propositionId: number,
  kind: BurstKind,
  network: string | null,
  members: readonly RecentBallot[],
): Burst {
  const times = members.map((ballot) => ballot.castAtMs);
  return {
    topicId,
    propositionId,
    kind,
    network,
    ballotIds: members.map((ballot) => ballot.ballotId).sort((a, b) => a - b),
    firstCastAtMs: Math.min(...times),
    lastCastAtMs: Math.max(...times),
  };
}
