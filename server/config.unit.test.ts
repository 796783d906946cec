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

  it('keeps no metrics unless METRICS_PORT or METRICS_TOKEN is set, and reads both', () => {
    expect(loadConfig({}).metrics).toEqual({ port: undefined, token: undefined });
    const token = 'a-metrics-token-of-32-characters-or-more';
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: token }).metrics).toEqual({ port: 9464, token });
  });

  it('refuses a METRICS_TOKEN too short to be a secret, or a bad METRICS_PORT, without repeating the value', () => {
    const short = 'guessable-token';
    expect(() => loadConfig({ METRICS_TOKEN: short })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: short })).not.toThrow(new RegExp(short));
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });

  it('sends everything to DATABASE_URL with named prepared statements unless told otherwise (PgBouncer)', () => {
    const direct = 'postgres://podium@db.internal:5432/podium';
    const pooled = 'postgres://podium@pgbouncer.internal:6432/podium';
    expect(loadConfig({ DATABASE_URL: direct })).toMatchObject({
      databaseDirectUrl: direct,
      databasePreparedStatements: true,
    });
    expect(
      loadConfig({
        DATABASE_URL: pooled,
        DATABASE_DIRECT_URL: direct,
        DATABASE_PREPARED_STATEMENTS: 'false',
      }),
    ).toMatchObject({ databaseUrl: pooled, databaseDirectUrl: direct, databasePreparedStatements: false });
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'no' })).toThrow(/DATABASE_PREPARED_STATEMENTS/);
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'sqlite:x' })).toThrow(/DATABASE_DIRECT_URL/);
  });

  it('publishes the demo password only on a server this machine alone reaches, or when told so in so many words', () => {
    expect(loadConfig({}).demoPasswordPublished).toBe(true);
    expect(loadConfig({ HOST: '::1', PUBLIC_URL: 'http://localhost:3000' }).demoPasswordPublished).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0' }).demoPasswordPublished).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://podium.example.org' }).demoPasswordPublished).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', PUBLISH_DEMO_PASSWORD: 'yes' }).demoPasswordPublished).toBe(true);
    expect(() => loadConfig({ PUBLISH_DEMO_PASSWORD: 'sure' })).toThrow(/PUBLISH_DEMO_PASSWORD/);
  });
});
