import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TestClock } from './clock.js';

/**
 * One clock (server/clock/clock.ts): a time rule that reads the system's time itself cannot be tested
 * without sleeping, and drifts from the rules that read the app's clock. Checked on the source, as
 * the layers are (server/modules/layers.unit.test.ts).
 */
const SERVER = join(import.meta.dirname, '..');

/**
 * Where the system's time may be read: the clock itself; the test harness (its deadlines wait on real
 * processes); migrations, which run before any app exists and stamp the rows they add with when they ran.
 */
const ALLOWED = [/^clock\/clock\.ts$/, /^test\//, /^db\/migrations\//];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** `Date.now()`, a `new Date()` without an instant, or the retired `nowIso()` helper. */
const SYSTEM_TIME = /\bDate\.now\(|\bnew Date\(\s*\)|(?<![.\w])nowIso\(/;

describe('one clock', () => {
  const files = sourceFiles(SERVER).map((path) => ({
    name: relative(SERVER, path),
    source: readFileSync(path, 'utf8'),
  }));

  it('finds the server code it checks', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('reads the system time nowhere under server/ but in the clock', () => {
    const offenders = files
      .filter((file) => !ALLOWED.some((allowed) => allowed.test(file.name)))
      .flatMap((file) =>
        file.source
          .split('\n')
          .map((line, index) => ({ line, index }))
          .filter(({ line }) => SYSTEM_TIME.test(line) && !line.trim().startsWith('*'))
          .map(({ index }) => `${file.name}:${index + 1}`),
      );
    expect(offenders).toEqual([]);
  });
});

describe('TestClock', () => {
  it('moves forward by what a test advances, and keeps time passing', () => {
    const clock = new TestClock();
    const before = clock.now();
    clock.advance(3_600_000);
    expect(clock.now() - before).toBeGreaterThanOrEqual(3_600_000);
    expect(clock.now() - before).toBeLessThan(3_700_000);
    expect(Date.parse(clock.nowIso())).toBeGreaterThanOrEqual(before + 3_600_000);
  });

  it('reads a set instant, then goes on from it', () => {
    const clock = new TestClock();
    clock.set('2030-01-01T00:00:00.000Z');
    expect(clock.nowIso() >= '2030-01-01T00:00:00.000Z').toBe(true);
    expect(clock.now() - Date.parse('2030-01-01T00:00:00.000Z')).toBeLessThan(1_000);
  });
});
