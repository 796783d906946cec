import { useSyncExternalStore } from 'react';
import { EMPTY_PLACES, type Places } from './draft.js';

/** The open vote form of a topic: the panel edits it, the ranking rows' medal buttons too. */
export interface DraftState {
  open: boolean;
  places: Places;
}

const CLOSED: DraftState = { open: false, places: EMPTY_PLACES };
const drafts = new Map<number, DraftState>();
const listeners = new Set<() => void>();

/**
 * The panel and the ranking's medal buttons sit in different parts of the page (the ranking belongs
 * to the topics feature), so the draft lives in a small store keyed by topic rather than in a
 * provider that would have to wrap the whole page.
 */
export const draftStore = {
  get(topicId: number): DraftState {
    return drafts.get(topicId) ?? CLOSED;
  },
  set(topicId: number, next: DraftState | ((current: DraftState) => DraftState)): void {
    const value = typeof next === 'function' ? next(draftStore.get(topicId)) : next;
    if (value.open) drafts.set(topicId, value);
    else drafts.delete(topicId);
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** No form is open in a server render, nor in the render that hydrates it. */
export function useDraft(topicId: number): DraftState {
  return useSyncExternalStore(
    draftStore.subscribe,
    () => draftStore.get(topicId),
    () => CLOSED,
  );
}
