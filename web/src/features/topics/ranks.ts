/**
 * The ranks that more than one of these rows hold. The server ranks (rows equal on points and voters
 * share a rank); the page only says which ranks are shared, among the rows it shows.
 */
export function sharedRanks(entries: readonly { rank: number }[]): Set<number> {
  const seen = new Set<number>();
  const shared = new Set<number>();
  for (const { rank } of entries) (seen.has(rank) ? shared : seen).add(rank);
  return shared;
}
