import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../changes/events.js';
import { PLACES, type Places } from './tallies.js';
import { type CountedBallot, TopicBallots } from './topic-ballots.js';

const at = (minute: number) => `2026-11-27T10:${String(minute).padStart(2, '0')}:00.000Z`;
const facts = (id: number) => ({ id, topicId: 1, name: `P${id}`, createdBy: null });

type Step =
  | { kind: 'cast'; voter: number; picks: number[] }
  | { kind: 'withdraw'; voter: number }
  | { kind: 'propose' }
  /** A proposal held for review: ballots may name it; it is in no ranking until approved. */
  | { kind: 'hold' }
  | { kind: 'remove'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('cast' as const),
      voter: fc.nat(5),
      picks: fc.array(fc.nat(20), { maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), voter: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('propose' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('hold' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat(20) }) },
);

describe('a topic’s ballots kept in step with its events', () => {
  it('equal the ballots read anew, whatever mix of casts, withdrawals, new and deleted propositions, at any instants', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(step, fc.nat(1)), { maxLength: 40 }), (steps) => {
        let minute = 1;
        let nextId = 4;
        const propositions = new Map([1, 2, 3].map((id) => [id, at(0)]));
        const current = new Map<number, CountedBallot>();
        const kept = new TopicBallots(
          [...propositions].map(([id, listedAt]) => ({ id, listedAt })),
          [],
        );
        const held = new Set<number>();
        const live = () => [...propositions.keys()];
        const nameable = () => [...live(), ...held];
        const apply = (event: ChangeEvent) => kept.apply(event);
        // Two writes may share an instant (a tick of 0): a ballot and a proposition created just after it.
        for (const [next, tick] of steps) {
          minute += tick;
          if (next.kind === 'hold') {
            const id = nextId++;
            held.add(id);
            apply({
              type: 'propositionCreated',
              proposition: facts(id),
              createdAt: at(minute),
              listedAt: null,
            });
          } else if (next.kind === 'propose') {
            const id = nextId++;
            propositions.set(id, at(minute));
            apply({
              type: 'propositionCreated',
              proposition: facts(id),
              createdAt: at(minute),
              listedAt: at(minute),
            });
          } else if (next.kind === 'remove') {
            const id = live()[next.pick % Math.max(1, live().length)];
            if (id === undefined) continue;
            // As the deletion does: each ballot that holds it gets a version without it, then it goes.
            for (const [voter, ballot] of current) {
              if (!PLACES.some((place) => ballot.places[place] === id)) continue;
              const after = { ...ballot.places };
              for (const place of PLACES) if (after[place] === id) after[place] = null;
              const emptied = PLACES.every((place) => after[place] === null);
              apply({
                type: 'ballotChanged',
                ballotId: voter,
                topicId: 1,
                userId: voter,
                version: 2,
                castAt: at(minute),
                cause: 'proposition_deleted',
                counted: true,
                before: ballot.places,
                after,
              });
              if (emptied) current.delete(voter);
              else current.set(voter, { ...ballot, places: after });
            }
            propositions.delete(id);
            apply({ type: 'propositionRemoved', proposition: facts(id), reason: 'deleted' });
          } else {
            const before = current.get(next.voter)?.places ?? { first: null, second: null, third: null };
            const ids =
              next.kind === 'cast'
                ? [...new Set(next.picks.map((pick) => nameable()[pick % nameable().length]))]
                : [];
            const [first = null, second = null, third = null] = ids.filter(
              (id) => id !== undefined,
            ) as number[];
            const after: Places = { first, second, third };
            apply({
              type: 'ballotChanged',
              ballotId: next.voter,
              topicId: 1,
              userId: next.voter,
              version: 2,
              castAt: at(minute),
              cause: first === null ? 'withdrawal' : 'vote',
              counted: true,
              before,
              after,
            });
            if (first === null) current.delete(next.voter);
            else current.set(next.voter, { id: next.voter, castAt: at(minute), places: after });
          }
        }
        const anew = new TopicBallots(
          [...propositions].map(([id, listedAt]) => ({ id, listedAt })),
          current.values(),
        );
        expect(kept.knows(live())).toBe(true);
        for (const instant of [at(0), ...[...propositions.values()]])
          expect(kept.castSince(instant)).toBe(anew.castSince(instant));
        for (const x of live())
          for (const y of live()) expect(kept.headToHead.wins(x, y)).toBe(anew.headToHead.wins(x, y));
        expect(kept.headToHead.condorcetWinner()).toBe(anew.headToHead.condorcetWinner());
        for (const [id, listedAt] of propositions)
          expect(kept.eligibleFor(id, listedAt)).toBe(anew.eligibleFor(id, listedAt));
      }),
      { numRuns: 300 },
    );
  });

  it('counts for an approved proposal every ballot that names it, cast before its approval or not', () => {
    const places = (first: number | null, second: number | null = null): Places => ({
      first,
      second,
      third: null,
    });
    // 9 was held from minute 1 to its approval at minute 5; 1 was listed from the start.
    const ballots: CountedBallot[] = [
      { id: 1, castAt: at(2), places: places(9, 1) },
      { id: 2, castAt: at(3), places: places(1) },
      { id: 3, castAt: at(6), places: places(1, 9) },
      { id: 4, castAt: at(7), places: places(1) },
    ];
    const approved = new TopicBallots(
      [
        { id: 1, listedAt: at(0) },
        { id: 9, listedAt: at(5) },
      ],
      ballots,
    );
    // Ballots 1 (names it), 3 and 4 (cast since): not 2, cast while nobody but its author could see it.
    expect(approved.eligibleFor(9, at(5))).toBe(3);
    expect(approved.eligibleFor(1, at(0))).toBe(4);
    expect(approved.headToHead.wins(9, 1)).toBe(1);
    expect(approved.headToHead.wins(1, 9)).toBe(2);
  });
});
