import { describe, expect, it } from 'vitest';
import { ConfigError, demoDataEnabled, loadConfig } from './config';

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
});
