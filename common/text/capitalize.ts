/** First character upper case, the rest lower case, surrounding spaces removed (category names). */
export function capitalizeFirst(name: string): string {
  const trimmed = name.trim();
  const first = trimmed.codePointAt(0);
  if (first === undefined) return '';
  const firstLength = first > 0xffff ? 2 : 1;
  return trimmed.slice(0, firstLength).toUpperCase() + trimmed.slice(firstLength).toLowerCase();
}
