import { useSyncExternalStore } from 'react';

/**
 * The time "now" as shown beside things that happened "5 minutes ago": one timer for every component on the
 * page that shows such a time, so an open list says "6 minutes ago" a minute later without a reload.
 */
const MINUTE_MS = 60_000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let now = Date.now();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const each of listeners) each();
    }, MINUTE_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The instant relative times are measured from, moving on each minute while the component is shown. */
export function useCurrentMinute(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}
