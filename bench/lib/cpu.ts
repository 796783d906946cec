import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (Linux's USER_HZ). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (ms) a process has used, all its threads included (SQLite's checkpointer runs in one): a figure that
 * other work on the machine disturbs far less than req/s does (the load generator and the server share the cores).
 */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Runs a load and answers its result with the server's CPU per answer (µs), failed answers included. */
export async function withCpuPerAnswer<T extends { ok: number; failed: number }>(
  pid: number,
  run: () => Promise<T>,
): Promise<T & { cpuUs: number }> {
  const before = processCpuMs(pid);
  const result = await run();
  return { ...result, cpuUs: ((processCpuMs(pid) - before) * 1000) / Math.max(1, result.ok + result.failed) };
}
