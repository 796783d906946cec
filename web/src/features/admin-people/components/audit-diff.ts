/** One line of a readable before/after comparison. */
export interface FieldChange {
  field: string;
  before: string | undefined;
  after: string | undefined;
}

const show = (value: unknown): string | undefined =>
  value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * The fields that differ between two snapshots (a creation lists every field of `after`, a deletion
 * every field of `before`). Snapshots that are not objects compare as a single "value" field.
 */
export function diffSnapshots(before: unknown, after: unknown): FieldChange[] {
  const asRecord = (value: unknown): Record<string, unknown> =>
    value === null || value === undefined
      ? {}
      : typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : { value };
  const a = asRecord(before);
  const b = asRecord(after);
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields
    .map((field) => ({ field, before: show(a[field]), after: show(b[field]) }))
    .filter((change) => change.before !== change.after);
}
