import { foldText } from './fold.js';

/**
 * The identity of a proposition name: two names with the same key are the same proposition
 * ("Pizzeria Da Marco", " pizzeria  da marco ", "Pizzéria da Marco"). Case, accents, punctuation
 * and spacing do not count.
 */
export function propositionKey(name: string): string {
  return foldText(name);
}
