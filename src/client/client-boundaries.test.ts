import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Lint probes for the client import directions of docs/architecture.md (eslint-plugin-boundaries, eslint.boundaries.js).
 * The plugin resolves each import, so a probe names a file that exists.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('client import directions', () => {
  it('refuses a feature importing another feature', async () => {
    expect(await problems('src/client/features/cart/probe.ts', "export { useOrders } from '@client/features/orders/api/update-order-status';\n")).toEqual([
      'feature "cart" may not import feature "orders"; compose them in src/client/app',
    ]);
  });

  it('refuses src/client/api importing a feature', async () => {
    expect(await problems('src/client/api/probe.ts', "export { useUser } from '@client/features/auth/api/get-user';\n")).toEqual([
      'src/client/api may not import feature "auth"; a call shared by features lives here whole',
    ]);
  });

  it('lets features and the app import src/client/api', async () => {
    expect(await problems('src/client/features/cart/probe.ts', "export { useCarts } from '@client/api/get-carts';\n")).toEqual([]);
    expect(await problems('src/client/app/probe.ts', "export { useCarts } from '@client/api/get-carts';\n")).toEqual([]);
  });

  it('refuses a feature importing src/client/app: the app composes features (bulletproof-react)', async () => {
    expect(await problems('src/client/features/cart/probe.ts', "export { AppRoutes } from '@client/app/router';\n")).toEqual([
      'feature "cart" may not import src/client/app; the app composes features, not the other way round',
    ]);
    expect(await problems('src/client/features/cart/components/probe.tsx', "export { Layout } from '../../../app/app-shell';\n")).toHaveLength(1);
    expect(await problems('src/client/features/cart/probe.ts', "export const probe = () => import('@client/app/router');\n")).toHaveLength(1);
  });

  it('lets the app import features', async () => {
    expect(await problems('src/client/app/probe.ts', "export { useAddToCart } from '@client/features/cart/lib/use-add-to-cart';\n")).toEqual([]);
  });
});
