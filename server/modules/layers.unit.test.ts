import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The three layers of a feature module (docs/conventions.md), checked on the source: a newcomer who puts
 * SQL in a service, or a refusal in a repository, learns it here rather than in review.
 */
const MODULES = join(import.meta.dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = sourceFiles(MODULES).map((path) => ({
  name: relative(MODULES, path),
  source: readFileSync(path, 'utf8'),
}));
const isRepository = (name: string) => /(^|\/|-)repository\.ts$/.test(name);
const repositories = files.filter((file) => isRepository(file.name));
const others = files.filter((file) => !isRepository(file.name));

/** A query built or run: Kysely's builders, raw SQL, or a transaction opened on the database itself. */
const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom)\(|\bsql`|\bsql<[^>]*>`/;

describe('feature module layers', () => {
  it('finds the modules and their repositories', () => {
    expect(repositories.length).toBeGreaterThanOrEqual(10);
    expect(others.length).toBeGreaterThan(repositories.length);
  });

  it('keeps every line of SQL in a repository', () => {
    const offenders = others.filter((file) => SQL.test(file.source)).map((file) => file.name);
    expect(offenders).toEqual([]);
  });

  it('makes each repository one class built on an Executor, and nothing else that runs', () => {
    for (const { name, source } of repositories) {
      const classes = source.match(/^export class \w+Repository \{/gm) ?? [];
      expect(classes, name).toHaveLength(1);
      expect(source, name).toMatch(/constructor\(\s*private readonly db: Executor/);
      expect(source.match(/^export (async )?function /gm) ?? [], name).toEqual([]);
    }
  });

  it('leaves refusals and API shapes to services: repositories neither throw errors nor build DTOs', () => {
    for (const { name, source } of repositories) {
      expect(source, name).not.toMatch(/http\/errors\.js/);
      expect(source, name).not.toMatch(/\bDto\b|[A-Z]\w*Dto\b/);
    }
  });
});
