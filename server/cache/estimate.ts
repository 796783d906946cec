/**
 * A rough size in bytes of a cached value, to charge it to the cache budget. It aims at the right
 * order of magnitude, not at V8's exact layout: a Buffer (or typed array) is its bytes; a string 2 bytes
 * a character (V8 keeps many in one byte, but a single character past Latin-1 doubles them: the bound
 * is what memory can hold); a number, boolean or null 8; an object 32 plus, per property, 8 for the slot
 * and its name and value; an array 16 plus 8 a slot and its items; a Map or Set 64 plus 24 an entry and
 * its keys and values. A value that knows its size better says so with `cacheBytes()` (a served page).
 * Each object is counted once (shared parts are not charged twice), and a value is walked once, when it
 * is stored.
 */
export function estimateBytes(value: unknown): number {
  return size(value, new Set());
}

/** What a value that knows its own size offers. */
export interface Sized {
  cacheBytes(): number;
}

const isSized = (value: object): value is Sized => typeof (value as Partial<Sized>).cacheBytes === 'function';

function size(value: unknown, seen: Set<object>): number {
  switch (typeof value) {
    case 'string':
      return 16 + 2 * value.length;
    case 'object':
      break;
    case 'undefined':
      return 0;
    default:
      return 8;
  }
  if (value === null) return 8;
  if (seen.has(value)) return 8;
  seen.add(value);
  if (isSized(value)) return value.cacheBytes();
  if (ArrayBuffer.isView(value)) return 64 + value.byteLength;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + 8 + size(item, seen), 16);
  if (value instanceof Map) {
    let sum = 64;
    for (const [key, item] of value) sum += 24 + size(key, seen) + size(item, seen);
    return sum;
  }
  if (value instanceof Set) {
    let sum = 64;
    for (const item of value) sum += 24 + size(item, seen);
    return sum;
  }
  // A promise's value is charged when it settles (the caches do so), not here.
  if (value instanceof Promise) return 64;
  let sum = 32;
  for (const key in value) {
    if (Object.hasOwn(value, key))
      sum += 8 + size(key, seen) + size((value as Record<string, unknown>)[key], seen);
  }
  return sum;
}
