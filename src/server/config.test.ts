import { describe, expect, it } from 'vitest';
import { ConfigError, demoDataEnabled, listenHost, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 5000, DATA_DIR: './data', ALLOW_REGISTRATION: false, MAX_UPLOAD_MB: 25 });
    expect(demoDataEnabled(config)).toBe(true);
  });

  it('turns demo data off for an external database unless asked', () => {
    expect(demoDataEnabled(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/portal' }))).toBe(false);
    expect(demoDataEnabled(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/portal', DEMO_DATA: 'true' }))).toBe(true);
  });

  it('listens on this machine only while demo data is on, unless HOST is set (ADR 0178)', () => {
    expect(listenHost(loadConfig({}))).toBe('127.0.0.1');
    expect(listenHost(loadConfig({ DEMO_DATA: 'true', DATABASE_URL: 'postgres://u:p@db:5432/portal' }))).toBe('127.0.0.1');
    expect(listenHost(loadConfig({ HOST: '0.0.0.0' }))).toBe('0.0.0.0');
    expect(listenHost(loadConfig({ DEMO_DATA: 'false' }))).toBe('0.0.0.0');
    expect(listenHost(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/portal' }))).toBe('0.0.0.0');
    expect(listenHost(loadConfig({ HOST: '' }))).toBe('127.0.0.1');
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SESSION_SECRET: 'short', ADMIN_USERNAME: 'boss' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('SESSION_SECRET');
      expect(problems).toContain('ADMIN_PASSWORD');
    }
  });

  it('accepts an IANA time zone in TZ and refuses an unknown one', () => {
    expect(loadConfig({ TZ: 'America/Chicago' }).TZ).toBe('America/Chicago');
    expect(loadConfig({ TZ: 'UTC' }).TZ).toBe('UTC');
    expect(() => loadConfig({ TZ: 'Mars/Olympus_Mons' })).toThrow(/TZ: must be an IANA time zone name/);
  });

  it('has HTTP timeouts by default and keeps the connection timeout above the longest database wait', () => {
    expect(loadConfig({})).toMatchObject({
      HTTP_REQUEST_TIMEOUT_MS: 120_000,
      HTTP_CONNECTION_TIMEOUT_MS: 120_000,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 72_000,
      SHUTDOWN_READINESS_DELAY_MS: 5_000,
    });
    expect(loadConfig({ SHUTDOWN_READINESS_DELAY_MS: '0' }).SHUTDOWN_READINESS_DELAY_MS).toBe(0);
    expect(() => loadConfig({ HTTP_CONNECTION_TIMEOUT_MS: '30000' })).toThrow(/HTTP_CONNECTION_TIMEOUT_MS: must be more than DB_IMPORT_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS/);
  });
});
