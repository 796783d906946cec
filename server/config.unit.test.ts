import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('reads a variable set but empty as not set (the SQLite file in DATA_DIR, no Redis)', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/podium-config-test', DATABASE_URL: '', REDIS_URL: '' });
    expect(config.databaseUrl).toBe(`sqlite:${join(resolve('/tmp/podium-config-test'), 'podium.sqlite')}`);
    expect(config.redisUrl).toBeUndefined();
  });

  it('still refuses a bad value with the variable named', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });
});
