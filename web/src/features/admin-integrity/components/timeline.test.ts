import { describe, expect, it } from 'vitest';
import type { BurstFlagDto, IntegrityTopicData } from '../../../../../common/api/integrity.js';
import { everyHour, timelineFigures } from './timeline.js';

const flag = (id: number, ballots: number, lastCastAt: string): BurstFlagDto => ({
  id,
  kind: 'network',
  network: '203.0.113.0/24',
  proposition: { id: 1, name: 'Pizzeria X' },
  firstCastAt: lastCastAt,
  lastCastAt,
  open: true,
  dismissedAt: null,
  ballots: Array.from({ length: ballots }, (_, i) => ({
    ballotId: i + 1,
    userId: i + 1,
    username: `user${i}`,
    accountCreatedAt: lastCastAt,
    accountActive: true,
    castAt: lastCastAt,
    state: 'counted' as const,
    quarantineReason: null,
  })),
});

const screen = (overrides: Partial<IntegrityTopicData>): IntegrityTopicData => ({
  topic: { id: 1, slug: 'pizza', title: 'Pizza' },
  from: '2026-03-01T10:30:00.000Z',
  to: '2026-03-01T14:10:00.000Z',
  timeline: [],
  flags: [],
  ...overrides,
});

describe('everyHour', () => {
  it('lists every hour of the period, the hours without ballots at zero', () => {
    const series = everyHour(
      screen({
        timeline: [
          { at: '2026-03-01T11:00:00.000Z', cast: 4, counted: 3 },
          { at: '2026-03-01T13:00:00.000Z', cast: 2, counted: 2 },
        ],
      }),
    );
    expect(series.hours.map((seconds) => new Date(seconds * 1000).toISOString().slice(11, 13))).toEqual([
      '10',
      '11',
      '12',
      '13',
      '14',
    ]);
    expect(series.cast).toEqual([0, 4, 0, 2, 0]);
    expect(series.counted).toEqual([0, 3, 0, 2, 0]);
  });
});

describe('timelineFigures', () => {
  it('adds up the hours and finds the largest burst of the period, leaving out older flags', () => {
    const figures = timelineFigures(
      screen({
        timeline: [
          { at: '2026-03-01T11:00:00.000Z', cast: 4, counted: 3 },
          { at: '2026-03-01T13:00:00.000Z', cast: 20, counted: 2 },
        ],
        flags: [
          flag(1, 5, '2026-03-01T13:05:00.000Z'),
          flag(2, 12, '2026-03-01T13:09:00.000Z'),
          flag(3, 40, '2026-02-01T13:00:00.000Z'),
        ],
      }),
    );
    expect(figures).toMatchObject({ cast: 24, counted: 5 });
    expect(figures.flags.map((each) => each.id)).toEqual([1, 2]);
    expect(figures.largest?.id).toBe(2);
  });

  it('has no largest burst when nothing was flagged', () => {
    expect(timelineFigures(screen({})).largest).toBeUndefined();
  });
});
