import { readFileSync } from 'node:fs';
import { fmt } from './format.js';

/**
 * A process's memory from /proc/<pid>/status: its RSS, and the anonymous part of it (RssAnon), which
 * leaves out the file pages mapped into it (SQLite's 1 GB mmap counts in the RSS, not here): the heap,
 * the caches and the buffers are anonymous memory.
 */
export interface MemoryKb {
  rssKb: number;
  anonKb: number;
}

export function memoryKb(pid: number): MemoryKb {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssKb: field('VmRSS'), anonKb: field('RssAnon') };
}

export const formatMemory = ({ rssKb, anonKb }: MemoryKb) =>
  `anonymous ${fmt(anonKb / 1024)} MB, RSS ${fmt(rssKb / 1024)} MB`;

/** Samples the process's memory every 250 ms until `stop`; the peak of each figure. */
export function memoryPeak(pid: number): { stop: () => MemoryKb } {
  const peak = memoryKb(pid);
  const sampling = setInterval(() => {
    const now = memoryKb(pid);
    peak.rssKb = Math.max(peak.rssKb, now.rssKb);
    peak.anonKb = Math.max(peak.anonKb, now.anonKb);
  }, 250);
  return {
    stop: () => {
      clearInterval(sampling);
      return peak;
    },
  };
}
