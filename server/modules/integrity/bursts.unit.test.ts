import { describe, expect, it } from 'vitest';
import { findBursts, type RecentBallot } from './bursts.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const thresholds = { burstBallots: 5, burstMinutes: 10, burstAccountHours: 24 };

let nextId = 1;
function ballots(count: number, at: (i: number) => Partial<RecentBallot>): RecentBallot[] {
  return Array.from({ length: count }, (_, i) => ({
    ballotId: nextId++,
    topicId: 1,
    propositionIds: [7],
    castAtMs: i * MINUTE,
    network: `198.51.${i}.0/24`,
    accountCreatedAtMs: -i * 90 * DAY,
    ...at(i),
  }));
}

describe('bursts', () => {
  it('flags enough ballots for one proposition from one network within minutes', () => {
    const crowd = ballots(6, () => ({ network: '203.0.113.0/24' }));
    const [burst, ...others] = findBursts(crowd, thresholds);
    expect(others).toEqual([]);
    expect(burst).toMatchObject({ kind: 'network', network: '203.0.113.0/24', propositionId: 7 });
    expect(burst?.ballotIds).toEqual(crowd.map((b) => b.ballotId));
  });

  it('flags ballots from accounts created within hours of each other, wherever they come from', () => {
    const fresh = ballots(5, (i) => ({ accountCreatedAtMs: i * 60 * MINUTE }));
    expect(findBursts(fresh, thresholds)).toEqual([
      expect.objectContaining({ kind: 'fresh_accounts', ballotIds: fresh.map((b) => b.ballotId) }),
    ]);
  });

  it('leaves alone as many ballots spread over more time, or from old accounts and many networks', () => {
    const spread = ballots(6, (i) => ({ network: '203.0.113.0/24', castAtMs: i * 3 * MINUTE }));
    expect(findBursts(spread, thresholds)).toEqual([]);
    expect(
      findBursts(
        ballots(20, () => ({})),
        thresholds,
      ),
    ).toEqual([]);
  });

  it('keeps only the ballots of the busy minutes, and counts each proposition apart', () => {
    const quiet = ballots(2, (i) => ({ network: '203.0.113.0/24', castAtMs: -60 * MINUTE - i * MINUTE }));
    const busy = ballots(5, () => ({ network: '203.0.113.0/24' }));
    const elsewhere = ballots(4, () => ({ network: '203.0.113.0/24', propositionIds: [8] }));
    const [burst, ...others] = findBursts([...quiet, ...busy, ...elsewhere], thresholds);
    expect(others).toEqual([]);
    expect(burst?.ballotIds).toEqual(busy.map((b) => b.ballotId));
  });
});

describe('bursts in a flood', () => {
  it('finds a flood of 20,000 ballots from fresh accounts on one network without looking at every window', () => {
    const flood = ballots(20_000, (i) => ({
      castAtMs: i * 60,
      network: '203.0.113.0/24',
      accountCreatedAtMs: i,
    }));
    const found = findBursts(flood, thresholds);
    expect(found.map((burst) => [burst.kind, burst.ballotIds.length]).sort()).toEqual([
      ['fresh_accounts', 20_000],
      ['network', 20_000],
    ]);
  });
});
