import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ComparedBallot, type ComparedProposition, HeadToHead } from './head-to-head.js';
import type { Places } from './tallies.js';

const [A, B, C, D] = [1, 2, 3, 4];
const at = (minute: number) => `2026-11-27T10:${String(minute).padStart(2, '0')}:00.000Z`;
const listed = (...ids: number[]): ComparedProposition[] => ids.map((id) => ({ id, listedAt: at(0) }));
const cast = (
  minute: number,
  first: number | null,
  second: number | null = null,
  third: number | null = null,
) => ({
  castAt: at(minute),
  places: { first, second, third },
});
const times = <T>(count: number, item: T): T[] => Array.from({ length: count }, () => item);

describe('head to head', () => {
  it('counts a higher place above a lower one, and a placed proposition above one left off', () => {
    const matrix = HeadToHead.of(listed(A, B, C), [cast(1, A, B), cast(2, C)]);
    expect([matrix.wins(A, B), matrix.wins(B, A)]).toEqual([1, 0]);
    expect([matrix.wins(A, C), matrix.wins(C, A)]).toEqual([1, 1]);
    expect([matrix.wins(B, C), matrix.wins(C, B)]).toEqual([1, 1]);
  });

  it('finds a Condorcet winner that is not the points leader', () => {
    // A has 12 points to B's 9, but three voters of five put B above A, and B above C.
    const ballots = [...times(3, cast(1, B, A)), ...times(2, cast(2, A, C))];
    const matrix = HeadToHead.of(listed(A, B, C), ballots);
    expect([matrix.wins(B, A), matrix.wins(A, B)]).toEqual([3, 2]);
    expect(matrix.condorcetWinner()).toBe(B);
  });

  it('has no Condorcet winner in a cycle', () => {
    const matrix = HeadToHead.of(listed(A, B, C), [cast(1, A, B, C), cast(2, B, C, A), cast(3, C, A, B)]);
    expect([matrix.wins(A, B), matrix.wins(B, C), matrix.wins(C, A)]).toEqual([2, 2, 2]);
    expect(matrix.condorcetWinner()).toBeNull();
  });

  it('has no Condorcet winner in a tie', () => {
    expect(HeadToHead.of(listed(A, B), [cast(1, A), cast(2, B)]).condorcetWinner()).toBeNull();
  });

  it('does not count a ballot cast before a proposition existed against it', () => {
    const propositions = [...listed(A, B), { id: D, listedAt: at(5) }];
    const matrix = HeadToHead.of(propositions, [cast(1, A, B), cast(6, D)]);
    expect(matrix.wins(A, D)).toBe(0);
    expect([matrix.wins(D, A), matrix.wins(D, B)]).toEqual([1, 1]);
    // A beats B 1–0 and loses to D 0–1: the ballot that could have put D below A did not exist yet.
    expect(matrix.condorcetWinner()).toBe(D);
  });

  it('does not let a proposition nobody could compare yet stand in a winner’s way', () => {
    const matrix = HeadToHead.of([...listed(A, B), { id: D, listedAt: at(9) }], [cast(1, A, B)]);
    expect(matrix.condorcetWinner()).toBe(A);
  });

  it('follows a change of mind: removing the old version and adding the new one', () => {
    const matrix = HeadToHead.of(listed(A, B, C), [cast(1, A, B)]);
    matrix.remove(cast(1, A, B));
    matrix.add(cast(3, B, C));
    expect([matrix.wins(A, B), matrix.wins(B, A), matrix.wins(B, C), matrix.wins(C, A)]).toEqual([
      0, 1, 1, 1,
    ]);
  });

  it('forgets a removed proposition', () => {
    const matrix = HeadToHead.of(listed(A, B, C), [cast(1, B, A), cast(2, A, C)]);
    matrix.removeProposition(B);
    expect(matrix.wins(B, A)).toBe(0);
    expect(matrix.condorcetWinner()).toBe(A);
  });

  it('kept ballot by ballot, equals the matrix built from the current ballots, whatever the changes', () => {
    const ids = [A, B, C, D];
    const places = fc
      .uniqueArray(fc.constantFrom(...ids), { maxLength: 3 })
      .map(([first = null, second = null, third = null]): Places => ({ first, second, third }));
    const change = fc.record({
      voter: fc.integer({ min: 0, max: 5 }),
      places,
      minute: fc.integer({ min: 0, max: 59 }),
    });
    const createdAt = fc.array(fc.integer({ min: 0, max: 59 }), { minLength: 4, maxLength: 4 });
    fc.assert(
      fc.property(createdAt, fc.array(change, { maxLength: 40 }), (minutes, changes) => {
        const propositions = ids.map((id, index) => ({ id, listedAt: at(minutes[index] as number) }));
        const kept = HeadToHead.of(propositions, []);
        const current = new Map<number, ComparedBallot>();
        for (const { voter, places: next, minute } of changes) {
          const before = current.get(voter);
          if (before) kept.remove(before);
          const ballot = { castAt: at(minute), places: next };
          current.set(voter, ballot);
          kept.add(ballot);
        }
        const rebuilt = HeadToHead.of(propositions, current.values());
        for (const x of ids) for (const y of ids) expect(kept.wins(x, y)).toBe(rebuilt.wins(x, y));
        expect(kept.condorcetWinner()).toBe(rebuilt.condorcetWinner());
      }),
      { numRuns: 200 },
    );
  });
});
