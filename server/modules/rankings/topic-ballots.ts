import type { ChangeEvent } from '../../changes/events.js';
import { type ComparedBallot, type ComparedProposition, HeadToHead } from './head-to-head.js';
import { isEmpty } from './tallies.js';

/** A counted ballot that holds a place, as the topic's standing keeps it. */
export interface CountedBallot extends ComparedBallot {
  id: number;
}

/** Where `instant` goes in `sorted` (the first index whose value is not below it). */
function insertionPoint(sorted: readonly string[], instant: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < instant) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * A topic's counted ballots as its standing reads them (standing.ts): each ballot's places and when its
 * voter cast it, the cast instants in order (for eligible ballots), and the head-to-head matrix. Built
 * from the database once, then kept in step by the topic's events (`apply`), so a ballot on a topic of
 * 100,000 costs its standing a few microseconds instead of a new read of every ballot.
 */
export class TopicBallots {
  private readonly ballots = new Map<number, ComparedBallot>();
  private readonly casts: string[] = [];
  readonly headToHead: HeadToHead;
  private readonly propositions = new Set<number>();

  constructor(propositions: readonly ComparedProposition[], ballots: Iterable<CountedBallot>) {
    this.headToHead = HeadToHead.of(propositions, []);
    for (const proposition of propositions) this.propositions.add(proposition.id);
    for (const ballot of ballots) this.add(ballot.id, ballot);
  }

  /** Counted ballots cast at or after `instant`: a proposition created then has these eligible. */
  castSince(instant: string): number {
    return this.casts.length - insertionPoint(this.casts, instant);
  }

  /** Whether these are exactly the propositions it knows (else it missed a change and must be read again). */
  knows(propositionIds: readonly number[]): boolean {
    return (
      propositionIds.length === this.propositions.size &&
      propositionIds.every((id) => this.propositions.has(id))
    );
  }

  /** Roughly what it holds in memory, for the cache budget. */
  get bytes(): number {
    const size = this.propositions.size;
    return 200 + this.ballots.size * 160 + size * size * 4 + size * 120;
  }

  /**
   * Follows one event of a committed write on this topic. A version appended for the voter (a deleted
   * proposition's) keeps the instant the voter cast the ballot: it could name what existed then.
   */
  apply(event: ChangeEvent): void {
    switch (event.type) {
      case 'ballotChanged': {
        const before = this.ballots.get(event.ballotId);
        if (before) this.remove(event.ballotId, before);
        const castAt =
          event.cause === 'proposition_deleted' ? (before?.castAt ?? event.castAt) : event.castAt;
        if (!isEmpty(event.after)) this.add(event.ballotId, { castAt, places: event.after });
        return;
      }
      case 'propositionCreated': {
        const proposition = { id: event.proposition.id, createdAt: event.createdAt };
        this.propositions.add(proposition.id);
        this.headToHead.addProposition(proposition);
        // A ballot cast in the same instant (or, across app servers, by a clock ahead) could name it by
        // the rule (cast at or after its creation): it counts against it as a read of every ballot would.
        if (this.castSince(proposition.createdAt) > 0) {
          for (const ballot of this.ballots.values()) this.headToHead.compareWith(ballot, proposition.id, 1);
        }
        return;
      }
      case 'propositionRemoved':
        this.propositions.delete(event.proposition.id);
        this.headToHead.removeProposition(event.proposition.id);
        return;
      case 'propositionRenamed':
        return;
    }
  }

  private add(id: number, ballot: ComparedBallot): void {
    this.ballots.set(id, ballot);
    this.casts.splice(insertionPoint(this.casts, ballot.castAt), 0, ballot.castAt);
    this.headToHead.add(ballot);
  }

  private remove(id: number, ballot: ComparedBallot): void {
    this.ballots.delete(id);
    this.casts.splice(insertionPoint(this.casts, ballot.castAt), 1);
    this.headToHead.remove(ballot);
  }
}
