import { z } from 'zod';
import { errorEnvelope } from './envelope.js';

/** GET /api/live: the process answers (nothing else is checked). */
export const liveData = z.object({ status: z.literal('alive') });

/** GET /api/health: readiness, decided by the database and by whether the server is stopping. */
export const healthReport = z.object({
  /** `stopping`: the server was told to stop and takes no new work (a load balancer should look elsewhere). */
  status: z.enum(['ok', 'degraded', 'stopping']),
  database: z.enum(['up', 'down']),
  kind: z.enum(['sqlite', 'postgres']),
  /** Only when Redis is configured: it is reported, but does not decide. */
  redis: z.enum(['up', 'down']).optional(),
  /** Live ranking streams open on this process. */
  liveStreams: z.int(),
});

/** The 503 of GET /api/health: a DATABASE_DOWN refusal that still carries the report. */
export const healthDownEnvelope = errorEnvelope.extend({ data: healthReport });

/** GET /api/bench/constant (BENCH_ROUTES only): rows of the shape lists have, about the size asked. */
export const benchConstantData = z.object({
  rows: z.array(z.object({ id: z.int(), name: z.string(), text: z.string(), count: z.int() })),
});
