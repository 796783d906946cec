type Listener = () => void;

const listeners = new Set<Listener>();

/** Called when the API client gave up on the session (refresh refused, token rejected). */
export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function notifySessionEnded(): void {
  for (const listener of listeners) listener();
}
