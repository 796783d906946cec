import { PLACES, type Places } from './tallies.js';

/** A proposition as head to head sees it: when it was listed, so which ballots could name it. */
export interface ComparedProposition {
  id: number;
  /**
   * ISO instant, from the one clock: a ballot cast at or after it is eligible for the proposition, and so
   * is a ballot that names it (a proposal's, cast before an administrator listed it).
   */
  listedAt: string;
}

/** A counted ballot's current version: when it was cast, and its places. */
export interface ComparedBallot {
  castAt: string;
  places: Places;
}

/** A ballot as the matrix reads it in bulk: its cast instant in epoch milliseconds. */
export interface TimedBallot {
  castMs: number;
  places: Places;
}

/**
 * The pairwise (head-to-head) matrix of a topic's propositions, from its counted current ballots
 * (issue 33): `wins(a, b)` is the number of ballots eligible for both on which a stands above b, a
 * higher place beating a lower one and a placed proposition beating one left off. A ballot is eligible
 * for a proposition it names, and for one listed when it was cast. Ballots are added and
 * removed one at a time, so the matrix follows each ballot's change exactly at a cost of about three
 * times the number of propositions; `HeadToHead.of` builds it from scratch, which is what a recount does.
 */
export class HeadToHead {
  private readonly index = new Map<number, number>();
  /** Each matrix index's proposition's listing instant, in epoch milliseconds (instants compare as numbers). */
  private readonly listedMs: number[] = [];
  /** wins[a * size + b], grown as propositions are added. */
  private counts = new Int32Array(0);
  private size = 0;

  static of(propositions: readonly ComparedProposition[], ballots: Iterable<ComparedBallot>): HeadToHead {
    const timed = [...ballots].map((ballot) => ({
      castMs: Date.parse(ballot.castAt),
      places: ballot.places,
    }));
    return HeadToHead.fromTimed(propositions, timed);
  }

  /**
   * The matrix of these ballots, counted in bulk: what adding them one by one gives, in about (ballots +
   * propositions² · log ballots) steps instead of ballots × propositions. For a proposition p placed on
   * a ballot, every proposition o the ballot could name counts below p unless the ballot places o above
   * p; so wins(p, o) is the number of ballots placing p cast since o was listed (a binary search in the
   * sorted instants of p's ballots), corrected for the pairs a ballot places (at most three a ballot): o
   * above p is no win of p's, and p above o one even if the ballot was cast before o was listed.
   */
  static fromTimed(
    propositions: readonly ComparedProposition[],
    ballots: readonly TimedBallot[],
  ): HeadToHead {
    const matrix = new HeadToHead();
    for (const proposition of propositions) {
      if (matrix.index.has(proposition.id)) continue;
      matrix.index.set(proposition.id, matrix.listedMs.length);
      matrix.listedMs.push(Date.parse(proposition.listedAt));
    }
    const size = matrix.listedMs.length;
    matrix.size = size;
    matrix.counts = new Int32Array(size * size);
    const castsPlacing: number[][] = Array.from({ length: size }, () => []);
    const placed: number[] = [];
    for (const { castMs, places } of ballots) {
      placed.length = 0;
      for (const place of PLACES) {
        const at = matrix.placedIndex(places[place]);
        if (at !== undefined) placed.push(at);
      }
      for (let rank = 0; rank < placed.length; rank += 1) {
        const above = placed[rank] as number;
        (castsPlacing[above] as number[]).push(castMs);
        for (let lower = rank + 1; lower < placed.length; lower += 1) {
          const below = placed[lower] as number;
          if (castMs >= (matrix.listedMs[above] as number)) matrix.bump(below, above, -1);
          if (castMs < (matrix.listedMs[below] as number)) matrix.bump(above, below, 1);
        }
      }
    }
    for (let p = 0; p < size; p += 1) {
      const casts = (castsPlacing[p] as number[]).sort((a, b) => a - b);
      if (casts.length === 0) continue;
      for (let o = 0; o < size; o += 1) {
        if (o === p) continue;
        matrix.bump(p, o, casts.length - insertionPoint(casts, matrix.listedMs[o] as number));
      }
    }
    return matrix;
  }

  /** A new proposition: no ballot cast before it compares it, and none after exists yet. */
  addProposition(proposition: ComparedProposition): void {
    if (this.index.has(proposition.id)) return;
    const grown = this.size + 1;
    const counts = new Int32Array(grown * grown);
    for (let a = 0; a < this.size; a += 1)
      counts.set(this.counts.subarray(a * this.size, (a + 1) * this.size), a * grown);
    this.counts = counts;
    this.size = grown;
    this.index.set(proposition.id, this.listedMs.length);
    this.listedMs.push(Date.parse(proposition.listedAt));
  }

  /** A proposition gone: it no longer takes part in any comparison. */
  removeProposition(id: number): void {
    const at = this.index.get(id);
    if (at === undefined) return;
    for (let other = 0; other < this.size; other += 1) {
      this.counts[at * this.size + other] = 0;
      this.counts[other * this.size + at] = 0;
    }
    this.index.delete(id);
  }

  add(ballot: ComparedBallot): void {
    this.count(ballot, 1);
  }

  remove(ballot: ComparedBallot): void {
    this.count(ballot, -1);
  }

  /** Ballots eligible for both on which `a` stands above `b`. */
  wins(a: number, b: number): number {
    const x = this.index.get(a);
    const y = this.index.get(b);
    return x === undefined || y === undefined ? 0 : (this.counts[x * this.size + y] as number);
  }

  /**
   * The proposition that beats every other it was compared with (more ballots put it above than below),
   * compared with at least one; null when there is none (a tie or a cycle). A pair no ballot compares
   * (a proposition added after every ballot) does not stand in the way: nobody has had a say on it yet.
   */
  condorcetWinner(): number | null {
    for (const [id, at] of this.index) {
      let compared = false;
      let beatsAll = true;
      for (const [otherId, other] of this.index) {
        if (otherId === id) continue;
        const above = this.counts[at * this.size + other] as number;
        const below = this.counts[other * this.size + at] as number;
        if (above + below === 0) continue;
        compared = true;
        if (above <= below) {
          beatsAll = false;
          break;
        }
      }
      if (compared && beatsAll) return id;
    }
    return null;
  }

  /**
   * The ballot's contribution against one proposition it does not place, if it is eligible for it: each
   * proposition it places beats it. (What `add` would have counted, had the proposition existed then.)
   */
  compareWith(ballot: ComparedBallot, id: number, sign: 1 | -1): void {
    const other = this.index.get(id);
    if (other === undefined) return;
    const castMs = Date.parse(ballot.castAt);
    if (castMs < (this.listedMs[other] as number)) return;
    const placed = PLACES.map((place) => this.placedIndex(ballot.places[place]));
    if (placed.includes(other)) return;
    for (const above of placed) if (above !== undefined) this.bump(above, other, sign);
  }

  private count(ballot: ComparedBallot, sign: 1 | -1): void {
    const placed: number[] = [];
    const castMs = Date.parse(ballot.castAt);
    for (const place of PLACES) {
      const at = this.placedIndex(ballot.places[place]);
      if (at !== undefined) placed.push(at);
    }
    const isPlaced = new Set(placed);
    for (const [rank, above] of placed.entries()) {
      for (const below of placed.slice(rank + 1)) this.bump(above, below, sign);
      for (const other of this.index.values()) {
        if (isPlaced.has(other)) continue;
        if (castMs >= (this.listedMs[other] as number)) this.bump(above, other, sign);
      }
    }
  }

  private bump(above: number, below: number, by: number): void {
    const cell = above * this.size + below;
    this.counts[cell] = (this.counts[cell] as number) + by;
  }

  /**
   * The matrix index of a placed proposition: a ballot that names it is eligible for it, whenever cast. A
   * place that names none the matrix holds (a proposal still held for review) compares nothing.
   */
  private placedIndex(id: number | null): number | undefined {
    return id === null ? undefined : this.index.get(id);
  }
}

/** Where `value` goes in `sorted` (the first index whose value is not below it). */
export function insertionPoint(sorted: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
