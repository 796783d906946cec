import { createRequire } from 'node:module';

/** The slice of autocannon's API the benchmarks use (the package ships no types). */
export interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: CannonRequest, context: Record<string, unknown>) => CannonRequest;
}

export interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; average: number };
  '2xx': number;
  '3xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}

const run = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  requests?: CannonRequest[];
  headers?: Record<string, string>;
}) => Promise<CannonResult>;

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
}

/** Runs one autocannon load and keeps what the tables print. */
export async function load(options: {
  url: string;
  connections: number;
  seconds: number;
  requests?: CannonRequest[];
  /** The answers that count as served: 2xx (the default), or 3xx for a load of revalidations (304). */
  expect?: '2xx' | '3xx';
}): Promise<LoadResult> {
  const result = await run({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    requests: options.requests,
  });
  const served = result[options.expect ?? '2xx'];
  return {
    rps: served / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: served,
    failed: result['2xx'] + result.non2xx - served + result.errors + result.timeouts,
  };
}
