/** One sample of a scrape: `name{label="value",...} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE_LINE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/gy;
const TYPE_LINE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const HELP_LINE = new RegExp(`^# HELP (${NAME}) .*$`);

/**
 * Reads Prometheus's text exposition format (version 0.0.4) strictly: a line that is neither a HELP, a
 * TYPE nor a sample, a sample of a metric with no TYPE before it, or a metric typed twice, throws.
 */
export function parsePrometheusText(text: string): Sample[] {
  const typed = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || HELP_LINE.test(line)) continue;
    const type = TYPE_LINE.exec(line);
    if (type) {
      if (typed.has(type[1] as string)) throw new Error(`${type[1]} is typed twice`);
      typed.set(type[1] as string, type[2] as string);
      continue;
    }
    const sample = SAMPLE_LINE.exec(line);
    if (!sample) throw new Error(`not a line of the text format: ${line}`);
    const [, name = '', labelText = '', valueText = ''] = sample;
    const family = name.replace(/_(bucket|sum|count)$/, '');
    if (!typed.has(name) && !typed.has(family)) throw new Error(`${name} has no TYPE before it`);
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    let consumed = 0;
    for (let label = LABEL.exec(labelText); label; label = LABEL.exec(labelText)) {
      labels[label[1] as string] = (label[2] as string).replace(/\\(.)/g, (_, c) => (c === 'n' ? '\n' : c));
      consumed = LABEL.lastIndex;
    }
    if (consumed !== labelText.length) throw new Error(`bad labels: ${line}`);
    const value = numberOf(valueText);
    if (value === undefined) throw new Error(`bad value: ${line}`);
    samples.push({ name, labels, value });
  }
  return samples;
}

/**
 * A sample's value as Prometheus reads it (Go's ParseFloat): a decimal or exponent number, or NaN and
 * [+-]Inf in any case (prom-client writes an empty histogram's mean as `Nan`).
 */
function numberOf(text: string): number | undefined {
  if (/^nan$/i.test(text)) return Number.NaN;
  const infinity = /^([+-]?)inf(inity)?$/i.exec(text);
  if (infinity) return infinity[1] === '-' ? -Infinity : Infinity;
  return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : undefined;
}

/** The value of the one sample of `name` whose labels include `labels`; 0 when there is none. */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}
