import { foldText } from './fold.js';

/** Splits text into folded words (runs of letters or digits of any script). */
export function tokenize(text: string): string[] {
  const folded = foldText(text);
  return folded === '' ? [] : folded.split(' ');
}
