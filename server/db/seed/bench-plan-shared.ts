import { newReadableId } from '../readable-id.js';

/** What the parts of the bench plan (bench-plan-topics.ts, bench-plan-votes.ts) share. */

/** Strides for walking combinations and users in a scrambled order without repeats. */
export const PRIMES = [7919, 7727, 6959, 4567, 3989, 2087, 1031, 523, 211, 97, 53, 31, 23, 19, 17, 13, 11, 7];

export function uniqueReadableId(prefix: 'U' | 'T', used: Set<string>): string {
  let id = newReadableId(prefix);
  while (used.has(id)) id = newReadableId(prefix);
  used.add(id);
  return id;
}
