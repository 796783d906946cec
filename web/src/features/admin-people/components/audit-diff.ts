/** One line of a before/after comparison; values are as the trail stored them. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

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
    .map((field) => ({ field, before: a[field], after: b[field] }))
    .filter((change) => !same(change.before, change.after));
}

/** How the reader's language writes what a trail holds. */
export interface AuditWords {
  yes: string;
  no: string;
  /** A field's label ("isActive" -> "Actif"). */
  field: (name: string) => string;
  dateTime: (at: Date) => string;
  number: (value: number) => number | string;
  /** The words of a coded value of a field ("review" of proposalPolicy), or undefined to show it as stored. */
  code: (field: string, value: string) => string | undefined;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A stored value as a person reads it: yes/no, localised dates and numbers, lists joined, nested
 * objects (names per language, moved counts) as "label: value" pairs; undefined when there is none.
 */
export function describeAuditValue(value: unknown, words: AuditWords, field = ''): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') return String(words.number(value));
  if (typeof value === 'string') {
    return INSTANT.test(value) ? words.dateTime(new Date(value)) : (words.code(field, value) ?? value);
  }
  if (Array.isArray(value)) {
    const items = value
      .map((item) => describeAuditValue(item, words, field))
      .filter((item) => item !== undefined);
    return items.length > 0 ? items.join(', ') : undefined;
  }
  const pairs = Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => {
    const shown = describeAuditValue(inner, words, key);
    return shown === undefined ? [] : [`${words.field(key)}: ${shown}`];
  });
  return pairs.length > 0 ? pairs.join(' · ') : undefined;
}
