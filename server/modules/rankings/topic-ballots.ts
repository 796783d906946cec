import type { ChangeEvent } from '../../changes/events.js';
import {
  type ComparedBallot,
  type ComparedProposition,
  HeadToHead,
  insertionPoint,
  type TimedBallot,
} from './head-to-head.js';
import { isEmpty, NO_PLACES, PLACES, type Places } from './tallies.js';

/** A counted ballot that holds a place, as the topic's standing keeps it. */
export interface CountedBallot extends ComparedBallot {
  id: number;
}

/** A proposition's places among the ballots of a time window: how many put it first, second, third. */
export interface WindowPlaces {
  first: number;
  second: number;
  third: number;
  /** Of these ballots, those cast before its listing (they name it, so they are eligible for it). */
  namedBeforeListing: number;
}

/** The counted ballots of a topic cast in a time window (issue 37), as its windowed ranking reads them. */
export interface WindowBallots {
  /** Ballots cast in the window that hold a place. */
  ballots: number;
  /** Per proposition named by one of them. */
  places: Map<number, WindowPlaces>;
  /** Eligible ballots of a proposition listed at `listedAt`, in the window. */
  eligibleFor(id: number, listedAt: string): number;
  /** The earliest cast instant in the window (ms), or null: when it leaves the window, the ranking changes. */
  earliestCastMs: number | null;
}

/** The places of a slot are stored as ids, 0 for an empty place (ids start at 1). */
const EMPTY = 0;
/** Bytes a ballot costs here: its slot (id map entry, three places, an instant) and its place in `casts`. */
const BYTES_PER_BALLOT = 64;

/**
 * A topic's counted ballots as its standing reads them (standing.ts): each ballot's places and when its
 * voter cast it, the cast instants in order (for eligible ballots), and the head-to-head matrix. Built
 * from the database once, then kept in step by the topic's events (`apply`), so a ballot on a topic of
 * 100,000 costs its standing a few microseconds instead of a new read of every ballot.
 *
 * Kept compact (typed arrays, instants as epoch milliseconds): the two hundred most read topics of the
 * bench hold some 200,000 ballots, which as objects took 60 MB and pushed the pages out of the cache budget.
 */
export class TopicBallots {
  /** Ballot id -> its slot in the arrays below. */
  private readonly slots = new Map<number, number>();
  private places = new Int32Array(0);
  private castMs = new Float64Array(0);
  private readonly freeSlots: number[] = [];
  private used = 0;
  /** Every counted ballot's cast instant (ms), ascending. */
  private casts: number[] = [];
  readonly headToHead: HeadToHead;
  /** Each listed proposition's listing instant (ms). */
  private readonly listedMs = new Map<number, number>();
  /**
   * Per proposition, the counted ballots that name it but were cast before it was listed (its proposal's,
   * while it was held for review): eligible for it, as every ballot that names it is, but not in `castSince`.
   */
  private readonly namedBeforeListing = new Map<number, number>();

  /** Built in bulk: each instant parsed once, the instants sorted once, the matrix counted at once. */
  constructor(propositions: readonly ComparedProposition[], ballots: Iterable<CountedBallot>) {
    for (const proposition of propositions)
      this.listedMs.set(proposition.id, Date.parse(proposition.listedAt));
    const timed: TimedBallot[] = [];
    for (const ballot of ballots) {
      const slot = this.store(ballot.id, ballot.places, Date.parse(ballot.castAt));
      timed.push({ castMs: this.castMs[slot] as number, places: ballot.places });
      this.countNamedBeforeListing(ballot.places, this.castMs[slot] as number, 1);
    }
    this.casts = timed.map((ballot) => ballot.castMs).sort((a, b) => a - b);
    this.headToHead = HeadToHead.fromTimed(propositions, timed);
  }

  /** Counted ballots cast at or after `instant`: a proposition created then has these eligible. */
  castSince(instant: string): number {
    return this.casts.length - insertionPoint(this.casts, Date.parse(instant));
  }

  /** A listed proposition's eligible ballots: those cast since its listing, and those that name it. */
  eligibleFor(id: number, listedAt: string): number {
    return this.castSince(listedAt) + (this.namedBeforeListing.get(id) ?? 0);
  }

  /**
   * The ballots cast at or after `sinceMs` (a time window's start): each proposition's places among them
   * and its eligible ballots, by the rules of the whole ranking applied to these ballots alone.
   */
  inWindow(sinceMs: number): WindowBallots {
    const places = new Map<number, WindowPlaces>();
    const first = insertionPoint(this.casts, sinceMs);
    for (const slot of this.slots.values()) {
      const castMs = this.castMs[slot] as number;
      if (castMs < sinceMs) continue;
      for (const [offset, place] of PLACES.entries()) {
        const id = this.places[slot * 3 + offset] as number;
        if (id === EMPTY) continue;
        let tally = places.get(id);
        if (!tally) {
          tally = { first: 0, second: 0, third: 0, namedBeforeListing: 0 };
          places.set(id, tally);
        }
        tally[place] += 1;
        if (castMs < (this.listedMs.get(id) ?? Number.NEGATIVE_INFINITY)) tally.namedBeforeListing += 1;
      }
    }
    return {
      ballots: this.casts.length - first,
      places,
      eligibleFor: (id, listedAt) =>
        this.casts.length -
        insertionPoint(this.casts, Math.max(sinceMs, Date.parse(listedAt))) +
        (places.get(id)?.namedBeforeListing ?? 0),
      earliestCastMs: this.casts[first] ?? null,
    };
  }

  /** Whether these are exactly the propositions it knows (else it missed a change and must be read again). */
  knows(propositionIds: readonly number[]): boolean {
    return (
      propositionIds.length === this.listedMs.size && propositionIds.every((id) => this.listedMs.has(id))
    );
  }

  /** What it holds in memory, for the cache budget. */
  get bytes(): number {
    const size = this.listedMs.size;
    return 200 + this.castMs.length * BYTES_PER_BALLOT + size * size * 4 + size * 64;
  }

  /**
   * Follows one event of a committed write on this topic. A version appended for the voter (a deleted or
   * rejected proposition's) keeps the instant the voter cast the ballot: it could name what existed then.
   * A held proposal is not followed (it is in no ranking); its approval, which makes the ballots that
   * named it before count for it, is not either: the topic is read again (standing-cache.ts).
   */
  apply(event: ChangeEvent): void {
    switch (event.type) {
      case 'ballotChanged': {
        const before = this.ballot(event.ballotId);
        if (before) this.remove(event.ballotId, before);
        const castAt =
          event.cause === 'proposition_deleted' || event.cause === 'rejection'
            ? (before?.castAt ?? event.castAt)
            : event.castAt;
        if (event.counted && !isEmpty(event.after)) this.add(event.ballotId, { castAt, places: event.after });
        return;
      }
      case 'propositionCreated': {
        if (event.listedAt === null) return;
        const proposition = { id: event.proposition.id, listedAt: event.listedAt };
        this.listedMs.set(proposition.id, Date.parse(proposition.listedAt));
        this.headToHead.addProposition(proposition);
        // A ballot cast in the same instant (or, across app servers, by a clock ahead) could name it by
        // the rule (cast at or after its listing): it counts against it as a read of every ballot would.
        if (this.castSince(proposition.listedAt) > 0) {
          for (const id of this.slots.keys()) {
            this.headToHead.compareWith(this.ballot(id) as ComparedBallot, proposition.id, 1);
          }
        }
        return;
      }
      case 'propositionRemoved':
        this.listedMs.delete(event.proposition.id);
        this.namedBeforeListing.delete(event.proposition.id);
        this.headToHead.removeProposition(event.proposition.id);
        return;
      case 'propositionRenamed':
      case 'propositionApproved':
        return;
    }
  }

  /** The ballot as kept, or undefined. */
  private ballot(id: number): ComparedBallot | undefined {
    const slot = this.slots.get(id);
    if (slot === undefined) return undefined;
    const place = (offset: number): number | null => {
      const value = this.places[slot * 3 + offset] as number;
      return value === EMPTY ? null : value;
    };
    const places: Places = { ...NO_PLACES, first: place(0), second: place(1), third: place(2) };
    return { castAt: new Date(this.castMs[slot] as number).toISOString(), places };
  }

  /** Moves the count of ballots naming a proposition before its listing by this ballot's places. */
  private countNamedBeforeListing(places: Places, castMs: number, by: 1 | -1): void {
    for (const place of PLACES) {
      const id = places[place];
      const listed = id === null ? undefined : this.listedMs.get(id);
      if (listed === undefined || castMs >= listed) continue;
      this.namedBeforeListing.set(id as number, (this.namedBeforeListing.get(id as number) ?? 0) + by);
    }
  }

  private add(id: number, ballot: ComparedBallot): void {
    const ms = Date.parse(ballot.castAt);
    this.store(id, ballot.places, ms);
    this.countNamedBeforeListing(ballot.places, ms, 1);
    this.casts.splice(insertionPoint(this.casts, ms), 0, ms);
    this.headToHead.add(ballot);
  }

  /** Keeps the ballot's places and instant in a slot, and answers the slot. */
  private store(id: number, places: Places, castMs: number): number {
    const slot = this.freeSlots.pop() ?? this.newSlot();
    this.slots.set(id, slot);
    this.places[slot * 3] = places.first ?? EMPTY;
    this.places[slot * 3 + 1] = places.second ?? EMPTY;
    this.places[slot * 3 + 2] = places.third ?? EMPTY;
    this.castMs[slot] = castMs;
    return slot;
  }

  private remove(id: number, ballot: ComparedBallot): void {
    const slot = this.slots.get(id) as number;
    this.slots.delete(id);
    this.freeSlots.push(slot);
    this.casts.splice(insertionPoint(this.casts, this.castMs[slot] as number), 1);
    this.countNamedBeforeListing(ballot.places, this.castMs[slot] as number, -1);
    this.headToHead.remove(ballot);
  }

  /** A slot at the end of the arrays, which double when full. */
  private newSlot(): number {
    if (this.used === this.castMs.length) {
      const capacity = Math.max(16, this.castMs.length * 2);
      const places = new Int32Array(capacity * 3);
      places.set(this.places);
      this.places = places;
      const castMs = new Float64Array(capacity);
      castMs.set(this.castMs);
      this.castMs = castMs;
    }
    return this.used++;
  }
}
