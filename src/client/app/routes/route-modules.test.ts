import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PRELOADED_ROUTES, ROUTE_MODULES, modulesFor } from './route-modules';

const srcDir = fileURLToPath(new URL('../../../', import.meta.url));
const routerSource = readFileSync(fileURLToPath(new URL('../router.tsx', import.meta.url)), 'utf8');
const routerPaths = [...routerSource.matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]);

describe('route-modules (the preload list the server puts in each page)', () => {
  it('names every route of the router, and no route the router does not have', () => {
    expect(routerPaths.length).toBeGreaterThan(20);
    expect(new Set(Object.keys(ROUTE_MODULES))).toEqual(new Set(routerPaths));
    expect(PRELOADED_ROUTES).toContain('/auth');
  });

  it('names modules that exist', () => {
    for (const route of PRELOADED_ROUTES) {
      for (const module of modulesFor(route)) {
        const found = ['.tsx', '.ts'].some((ext) => existsSync(`${srcDir}${module}${ext}`));
        expect(found, `${route}: ${module}`).toBe(true);
      }
    }
  });

  it('gives /auth the sign-in screen alone and every other route the portal and its page', () => {
    expect(modulesFor('/auth')).toEqual(['client/boot', 'client/app/sign-in-app']);
    expect(modulesFor('/stock')).toEqual(['client/boot', 'client/app/portal-app', 'client/app/routes/stock-route']);
    // Any other address (the 404 screen) still gets React and the portal preloaded.
    expect(modulesFor('*')).toEqual(['client/boot', 'client/app/portal-app']);
  });
});
