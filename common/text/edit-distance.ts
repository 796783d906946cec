// Three reused rows keep the hot loop allocation-free; they grow to the longest word seen.
let rowBeforePrevious = new Int32Array(64);
let previousRow = new Int32Array(64);
let currentRow = new Int32Array(64);

function ensureRowLength(length: number): void {
  if (previousRow.length >= length) return;
  const size = Math.max(length, previousRow.length * 2);
  rowBeforePrevious = new Int32Array(size);
  previousRow = new Int32Array(size);
  currentRow = new Int32Array(size);
}

/**
 * Damerau-Levenshtein distance (optimal string alignment: insert, delete, substitute, swap two
 * neighbours) over UTF-16 code units. Once the distance is known to exceed `max`, returns `max + 1`.
 */
export function editDistance(a: string, b: string, max: number = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  let start = 0;
  let endA = a.length;
  let endB = b.length;
  while (start < endA && start < endB && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  while (endA > start && endB > start && a.charCodeAt(endA - 1) === b.charCodeAt(endB - 1)) {
    endA--;
    endB--;
  }
  const lengthA = endA - start;
  const lengthB = endB - start;
  if (Math.abs(lengthA - lengthB) > max) return max + 1;
  if (lengthA === 0 || lengthB === 0) return Math.max(lengthA, lengthB);

  ensureRowLength(lengthB + 1);
  let twoBack = rowBeforePrevious;
  let previous = previousRow;
  let current = currentRow;
  for (let j = 0; j <= lengthB; j++) previous[j] = j;

  for (let i = 1; i <= lengthA; i++) {
    const charA = a.charCodeAt(start + i - 1);
    const charABefore = i > 1 ? a.charCodeAt(start + i - 2) : -1;
    current[0] = i;
    let rowMinimum = i;
    for (let j = 1; j <= lengthB; j++) {
      const charB = b.charCodeAt(start + j - 1);
      const substitution = (previous[j - 1] as number) + (charA === charB ? 0 : 1);
      let best = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution);
      if (j > 1 && charA !== charB && charA === b.charCodeAt(start + j - 2) && charABefore === charB) {
        best = Math.min(best, (twoBack[j - 2] as number) + 1);
      }
      current[j] = best;
      if (best < rowMinimum) rowMinimum = best;
    }
    // A swap reads two rows back, but D[i][j-1] <= D[i-1][j-2] + 1 always, so a row whose minimum
    // exceeds max cannot lead back under it.
    if (rowMinimum > max) return max + 1;
    const recycled = twoBack;
    twoBack = previous;
    previous = current;
    current = recycled;
  }
  const distance = previous[lengthB] as number;
  return distance > max ? max + 1 : distance;
}
