import { perDatabase } from '../../db/per-database.js';

/**
 * Changed topics remembered at most between two measures (a quiet home page and a busy vote): past
 * this, the next read measures the week anew instead.
 */
const MAX_CHANGED_TOPICS = 10_000;

/**
 * The topics whose ranking changed (a ballot, a proposition, a status), each with the sequence number of
 * its latest change: a measure of the week records the sequence it started at, and a read corrects it
 * for the topics changed since (service.ts), here or on another app server (follow.ts).
 */
export class RisingChanges {
  private current = 0;
  private readonly changedAt = new Map<number, number>();
  /** A measure that started before this must be taken again: changes may have been missed. */
  everythingAt = 0;
  /** The sequence of the measure before the latest one: what is older is forgotten once a newer lands. */
  private previousMeasure = 0;

  get sequence(): number {
    return this.current;
  }

  record(topicIds: readonly number[]): void {
    if (topicIds.length === 0) return;
    this.current += 1;
    for (const id of topicIds) this.changedAt.set(id, this.current);
    if (this.changedAt.size > MAX_CHANGED_TOPICS) {
      this.changedAt.clear();
      this.everything();
    }
  }

  everything(): void {
    this.current += 1;
    this.everythingAt = this.current;
  }

  /** Topics changed after `sequence`. */
  since(sequence: number): number[] {
    const changed: number[] = [];
    for (const [id, at] of this.changedAt) if (at > sequence) changed.push(id);
    return changed;
  }

  /**
   * A measure that started at `sequence` is stored. Changes up to the measure before it are forgotten
   * (one generation kept, for a reader still correcting the older one): the map stays as small as the
   * topics that changed within about two measures.
   */
  measured(sequence: number): void {
    for (const [id, at] of this.changedAt) if (at <= this.previousMeasure) this.changedAt.delete(id);
    this.previousMeasure = Math.max(this.previousMeasure, sequence);
  }
}

export const risingChangesFor = perDatabase(() => new RisingChanges());
