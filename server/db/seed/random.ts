/**
 * A small seeded pseudo-random generator (mulberry32). Seeds must give the same data on every machine
 * and Node version, which Math.random cannot promise.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
  /** Integer in [min, max], both included. */
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** Index drawn with probability proportional to its weight; weights of 0 are never drawn. */
  weightedIndex(weights: ArrayLike<number>, total?: number): number;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (maxExclusive: number): number => Math.floor(next() * maxExclusive);
  return {
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(items.length)] as T;
    },
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
    weightedIndex(weights, total) {
      let sum = total ?? 0;
      if (total === undefined) for (let i = 0; i < weights.length; i++) sum += weights[i] ?? 0;
      let target = next() * sum;
      for (let i = 0; i < weights.length; i++) {
        target -= weights[i] ?? 0;
        if (target < 0) return i;
      }
      // Rounding can leave target a hair above 0: fall back to the last index with weight.
      for (let i = weights.length - 1; i >= 0; i--) if ((weights[i] ?? 0) > 0) return i;
      throw new Error('weightedIndex needs at least one positive weight');
    },
  };
}
