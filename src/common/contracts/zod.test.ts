import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the zod the contracts are written in (ADR 0175)', () => {
  /** Runs first in this file: nothing has built a schema yet, so zod's eval probe would be seen here. */
  it('builds and parses the contracts without compiling code (the CSP forbids eval, ADR 0151)', async () => {
    const compiled: unknown[][] = [];
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, {
      construct: (target, args) => (compiled.push(args), Reflect.construct(target, args)),
      apply: (target, self, args) => (compiled.push(args), Reflect.apply(target, self, args)),
    });
    try {
      const { loginBody, currentUser } = await import('./auth');
      const { cartsResponse } = await import('./carts');
      expect(loginBody.parse({ username: 'admin', password: 'x' })).toEqual({ username: 'admin', password: 'x', rememberMe: false });
      expect(currentUser.safeParse({}).success).toBe(false);
      expect(cartsResponse.parse([])).toEqual([]);
    } finally {
      globalThis.Function = original;
    }
    expect(compiled).toEqual([]);
  });

  it('answers in English where a contract gives no message of its own', async () => {
    const { registerBody } = await import('./auth');
    const result = registerBody.safeParse({ username: 'someone', password: 'Secret1', firstName: 'x'.repeat(101) });
    expect(result.error?.issues[0]?.message).toBe('Too big: expected string to have <=100 characters');
  });

  /** Classic zod in the browser would bring back every schema method and the JSON Schema generator. */
  it('is zod/mini wherever the browser runs it: src/common and src/client import no classic zod', () => {
    const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
    const files = ['common', 'client'].flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
        .map((name) => path.join(dir, name)),
    );
    expect(files.length).toBeGreaterThan(100);
    const classic = files.filter((file) => /^import\s+(?!type\b)[^;]*from\s+'zod(\/v4)?'/m.test(readFileSync(path.join(root, file), 'utf8')));
    expect(classic).toEqual([]);
  });
});
