import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { ESLint } from 'eslint';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as schema from './db/schema';

/**
 * The boundaries of docs/architecture.md are held by eslint-plugin-boundaries (eslint.boundaries.js,
 * docs/decisions/0221-lint-zones-from-eslint-plugin-boundaries.md). These probes lint source text as if it
 * lived at a given path, so the zones cannot silently stop refusing what they must refuse. The plugin
 * resolves each import, so a probe names a file that exists.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('lint boundaries', () => {
  it("refuses a server module importing another module's repository", async () => {
    const errors = await boundaryErrors(
      'src/server/modules/carts/probe.ts',
      "import { listProducts } from '../products/repository';\nexport const probe = listProducts;\n",
    );
    expect(errors).toEqual([expect.stringContaining('import module "products" through its public entry')]);
  });

  it("refuses a server module importing another module's service file, and code outside modules reaching in", async () => {
    expect(
      await boundaryErrors('src/server/modules/orders/probe.ts', "export { createCartsService } from '../carts/service';\n"),
    ).toHaveLength(1);
    expect(await boundaryErrors('src/server/jobs/probe.ts', "export { listUsers } from '../modules/users/repository';\n")).toHaveLength(1);
    expect(await boundaryErrors('src/server/probe.ts', "export { putSetting } from '@server/modules/settings/repository';\n")).toHaveLength(1);
  });

  it('refuses src/common importing the server or the client, and the two sides importing each other', async () => {
    expect(await boundaryErrors('src/common/probe.ts', "export { loadConfig } from '@server/config';\n")).toEqual([
      'src/common may not import from src/server or src/client',
    ]);
    expect(await boundaryErrors('src/common/domain/probe.ts', "export { AppShell } from '../../client/app/app-shell';\n")).toHaveLength(1);
    expect(await boundaryErrors('src/server/probe.ts', "export { AppShell } from '@client/app/app-shell';\n")).toEqual([
      'src/server may not import from src/client',
    ]);
    expect(await boundaryErrors('src/client/probe.ts', "export { loadConfig } from '@server/config';\n")).toEqual([
      'src/client may not import from src/server',
    ]);
  });

  it("refuses scripts, benches and journeys reaching into a module's files", async () => {
    expect(await boundaryErrors('e2e/probe.ts', "export { putSetting } from '../src/server/modules/settings/repository';\n")).toHaveLength(1);
    expect(await boundaryErrors('bench/probe.ts', "export { createSettingsService } from '../src/server/modules/settings';\n")).toEqual([]);
  });

  it("allows another module's public entry and a module's own files", async () => {
    expect(await boundaryErrors('src/server/modules/carts/probe.ts', "export type { ProductsService } from '../products';\n")).toEqual([]);
    expect(await boundaryErrors('src/server/modules/carts/probe.ts', "export type { ProductsService } from '../products/index';\n")).toEqual([]);
    expect(await boundaryErrors('src/server/modules/carts/probe.ts', "export { listCartRows } from './repository';\n")).toEqual([]);
  });

  it('refuses a client feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'src/client/features/cart/probe.tsx',
      "import { CatalogPage } from '../stock/pages/catalog-page';\nexport const probe = CatalogPage;\n",
    );
    expect(errors).toEqual([expect.stringContaining('feature "cart" may not import feature "stock"')]);
  });

  it("refuses a server module importing another module's table (docs/decisions/0177)", async () => {
    expect(
      await boundaryErrors('src/server/modules/orders/probe.ts', "import { orders, users } from '../../db/schema';\nexport const probe = [orders, users];\n"),
    ).toEqual(['module "orders" may not use a table of module "users" (users, emailChanges, repAssignments); read it through src/server/modules/users/index.ts']);
    expect(await boundaryErrors('src/server/modules/activity/probe.ts', "export { products } from '@server/db/schema/products';\n")).toHaveLength(1);
    expect(await boundaryErrors('src/server/modules/activity/probe.ts', "import type { users } from '../../db/schema/users';\nexport type Probe = typeof users;\n")).toHaveLength(1);
  });

  it('refuses a server module taking every table at once', async () => {
    expect(await boundaryErrors('src/server/modules/orders/probe.ts', "import * as schema from '../../db/schema';\nexport const probe = schema;\n")).toEqual([
      'module "orders" may not import every table; import its own tables by name',
    ]);
    expect(await boundaryErrors('src/server/modules/orders/probe.ts', "export * from '../../db/schema';\n")).toHaveLength(1);
    expect(await boundaryErrors('src/server/modules/orders/probe.ts', "export const probe = () => import('../../db/schema');\n")).toHaveLength(1);
  });

  it("allows a module its own tables, users.ts to users and auth, another module's public entry, and tests every table", async () => {
    expect(await boundaryErrors('src/server/modules/orders/probe.ts', "export { orderItems, orders } from '../../db/schema';\n")).toEqual([]);
    expect(await boundaryErrors('src/server/modules/auth/probe.ts', "export { loginThrottles, users } from '../../db/schema';\n")).toEqual([]);
    expect(await boundaryErrors('src/server/modules/users/probe.ts', "export { users } from '../../db/schema/users';\n")).toEqual([]);
    expect(await boundaryErrors('src/server/modules/orders/probe.ts', "export { userNames } from '../users';\n")).toEqual([]);
    expect(await boundaryErrors('src/server/modules/orders/probe.test.ts', "export { products, users } from '../../db/schema';\n")).toEqual([]);
    expect(await boundaryErrors('src/server/jobs/probe.ts', "export { activityLogs, emailOutbox } from '../db/schema';\n")).toEqual([]);
  });

  it('knows an owning module for every table of the schema', async () => {
    const tables = Object.entries(schema).filter(([, value]) => is(value, PgTable));
    expect(tables.length).toBeGreaterThan(20);
    for (const [name] of tables) {
      const code = `export { ${name} } from '../../db/schema';\n`;
      const [refusal] = await boundaryErrors('src/server/modules/nobody/probe.ts', code);
      const owner = refusal?.match(/of module "([^"]+)"/)?.[1];
      expect(owner, `owner of ${name}`).toBeDefined();
      // A module, or a plugin that owns its table (plugins/idempotency.ts: every write route's keys, ADR 0182).
      const ownerExists = existsSync(`${root}src/server/modules/${owner}/index.ts`) || existsSync(`${root}src/server/plugins/${owner}.ts`);
      expect(ownerExists, `module ${owner} of ${name}`).toBe(true);
      expect(await boundaryErrors(`src/server/modules/${owner}/probe.ts`, code)).toEqual([]);
    }
  });
});
