import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase } from '../../../test/db';
import viteConfig from '../../../vite.config';

/** Security review, low: /assets/*.js.map published the whole client source. */
describe('source maps', () => {
  it('are not emitted by the production build', () => {
    expect((viteConfig as { build?: { sourcemap?: unknown } }).build?.sourcemap).toBeFalsy();
  });

  it('are answered 404 even when a build left one behind', async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'portal-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>BOLD</title>');
    writeFileSync(path.join(clientDir, 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(path.join(clientDir, 'assets', 'index-abc.js.map'), '{"sources":["secret.tsx"]}');
    const database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data' });
    const app = await buildApp({ db: database.db, config, sessionSecret: 'x'.repeat(48), logger: false, clientDir });
    try {
      expect((await app.inject({ method: 'GET', url: '/assets/index-abc.js' })).statusCode).toBe(200);
      const map = await app.inject({ method: 'GET', url: '/assets/index-abc.js.map' });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('secret.tsx');
      const withAccept = await app.inject({ method: 'GET', url: '/assets/index-abc.js.map', headers: { accept: 'text/html' } });
      expect(withAccept.body).not.toContain('secret.tsx');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
