import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React renders on the server and while it hydrates that HTML, true from the render after
 * (and at once in a page rendered in the browser only). What depends on the browser (the signed-in
 * person, stored tokens) renders a neutral placeholder until then, so the server's HTML and the
 * hydrating render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
