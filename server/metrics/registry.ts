import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * A registry of the app's own: tests run several apps in one process, and prom-client's global registry
 * would have them register every metric twice. Node's own figures (event-loop delay, heap, garbage
 * collection, CPU, open file descriptors) are prom-client's default metrics, read at each scrape.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

/**
 * Sets a counter, read from a running total kept elsewhere, to that total at scrape time. A counter has
 * no `set`: it is reset and increased by the whole total, which Prometheus reads as the same series going on.
 */
export function counterTotal<T extends string>(
  counter: { reset(): void; inc(labels: Partial<Record<T, string>>, value: number): void },
  totals: Iterable<[Partial<Record<T, string>>, number]>,
): void {
  counter.reset();
  for (const [labels, total] of totals) counter.inc(labels, total);
}
