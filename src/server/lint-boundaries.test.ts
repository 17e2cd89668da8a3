import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries of docs/architecture.md are held by eslint.config.js's
 * portal/import-directions rule. These probes lint source text as if it lived at a
 * given path, so the rule cannot silently stop refusing what it must refuse.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'portal/import-directions').map((m) => m.message);
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
    expect(await boundaryErrors('src/server/jobs/probe.ts', "export { enqueueEmail } from '../modules/mail/outbox-repository';\n")).toHaveLength(1);
    expect(await boundaryErrors('src/server/probe.ts', "export { putSetting } from '@server/modules/settings/repository';\n")).toHaveLength(1);
  });

  it("allows another module's public entry and a module's own files", async () => {
    expect(await boundaryErrors('src/server/modules/carts/probe.ts', "export type { ProductsService } from '../products';\n")).toEqual([]);
    expect(await boundaryErrors('src/server/modules/carts/probe.ts', "export type { ProductsService } from '../products/index';\n")).toEqual([]);
    expect(await boundaryErrors('src/server/modules/carts/probe.ts', "export { listCartRows } from './repository';\n")).toEqual([]);
  });

  it('refuses a client feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'src/client/features/cart/probe.tsx',
      "import { CataloguePage } from '../catalogue/CataloguePage';\nexport const probe = CataloguePage;\n",
    );
    expect(errors).toEqual([expect.stringContaining('feature "cart" may not import feature "catalogue"')]);
  });
});
