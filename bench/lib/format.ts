/** A figure as the bench prints it: thousands separated, a fixed number of decimals. */
export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
