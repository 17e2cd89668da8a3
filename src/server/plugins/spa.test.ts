import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/api';

// A stand-in for dist/client: the page and one hashed asset.
const clientDir = mkdtempSync(path.join(tmpdir(), 'spa-test-'));
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>BOLD Portal</title><div id="root"></div>');
mkdirSync(path.join(clientDir, 'assets'));
writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');

const ctx = useTestApp({}, { clientDir });

// Spec §2 route table (and the screens beyond it: /orders, /profile).
const SPEC_ROUTES = [
  '/', '/auth', '/role-select', '/profile-completion', '/profile', '/dashboard', '/stock', '/prices', '/price-list.pdf',
  '/catalog', '/cart', '/cartselect', '/users', '/admin/password-reset', '/order-details', '/additional-merchandise',
  '/quick-add', '/files', '/admin/merchandise-upload', '/admin/activity-logs', '/admin/announcements', '/orders', '/orders/12',
  '/admin/closed-days',
];

describe('the app page (issue 12: no dead ends)', () => {
  it.each(SPEC_ROUTES)('answers a browser opening %s with the app page', async (url) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
  });

  it('answers / with the app page without an Accept header too (a bookmark, curl, a health probe)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('BOLD Portal');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('keeps a reload of a deep link with a query string on the app page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/stock?line=Driftwood', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });

  it('serves hashed assets for a year and a missing asset as 404', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/gone-000.js' })).statusCode).toBe(404);
  });

  it('keeps unknown /api paths a JSON 404, even for a browser', async () => {
    for (const url of ['/api/nothing-here', '/api']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });
});
