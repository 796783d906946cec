import { describe, expect, it } from 'vitest';
import { type PodiumPlace, podiumChanges, podiumKey } from './podium-changes.js';

const place = (propositionId: number, rank: number, points: number): PodiumPlace => ({
  propositionId,
  rank,
  name: `P${propositionId}`,
  points,
});
const nowAt = '2031-01-04T10:00:00.000Z';

describe('podiumChanges', () => {
  it('counts a change of who holds which rank, not points moving alone', () => {
    const changes = podiumChanges(
      [
        { day: '2031-01-01', places: [place(1, 1, 3)] },
        { day: '2031-01-02', places: [place(1, 1, 9)] },
        { day: '2031-01-03', places: [place(2, 1, 10), place(1, 2, 9)] },
      ],
      { places: [place(2, 1, 12), place(1, 2, 9)], updated: nowAt },
      50,
    );
    expect(changes.map((change) => [change.after, change.key, change.updated])).toEqual([
      ['2031-01-02', '2.1-1.2', '2031-01-04T00:00:00.000Z'],
      [null, '1.1', '2031-01-02T00:00:00.000Z'],
    ]);
    expect(changes[0]?.previous).toEqual([place(1, 1, 9)]);
  });

  it('adds the standing now after the last snapshot, with the id the next snapshot will have', () => {
    const history = [{ day: '2031-01-01', places: [place(1, 1, 3)] }];
    const now = { places: [place(2, 1, 5), place(1, 2, 3)], updated: nowAt };
    const [current] = podiumChanges(history, now, 50);
    expect(current).toMatchObject({ after: '2031-01-01', key: '2.1-1.2', updated: nowAt });
    const [recorded] = podiumChanges([...history, { day: '2031-01-04', places: now.places }], now, 50);
    expect(recorded).toMatchObject({
      after: current?.after,
      key: current?.key,
      updated: '2031-01-05T00:00:00.000Z',
    });
  });

  it('says an emptied ranking once, and keeps the newest changes up to the limit', () => {
    const days = Array.from({ length: 6 }, (_, i) => ({
      day: `2031-02-0${i + 1}`,
      places: i === 5 ? [] : [place(i + 1, 1, 3)],
    }));
    const changes = podiumChanges(days, { places: [], updated: nowAt }, 3);
    expect(changes.map((change) => change.key)).toEqual(['empty', '5.1', '4.1']);
  });

  it('identifies a podium by ranks then ids, whatever order the places come in (ties share a rank)', () => {
    expect(podiumKey([place(9, 1, 5), place(3, 3, 1), place(4, 1, 5)])).toBe('4.1-9.1-3.3');
    expect(podiumKey([])).toBe('empty');
  });
});
