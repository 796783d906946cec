/** A figure as the bench prints it: thousands separated, a fixed number of decimals. */
export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The middle of the runs (the upper middle of an even count). */
export const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** The runs' range, as the bench quotes it beside a median: `1,234-1,567`. */
export const spread = (values: readonly number[], digits = 0) =>
  `${fmt(Math.min(...values), digits)}-${fmt(Math.max(...values), digits)}`;
