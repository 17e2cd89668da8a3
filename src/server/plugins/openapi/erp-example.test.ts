import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/examples/erp-sync.ts is the TypeScript page of docs/integrations.md: an ERP's
 * catalogue sync, stock push, order feed and status move through openapi-fetch. It must compile
 * against the types openapi-typescript generates from the document the portal serves, so a
 * renamed field or route breaks this test, not an integrator's build.
 */
describe('the TypeScript integration example', () => {
  it('compiles against types generated from the served OpenAPI document', () => {
    const dir = path.resolve('.tmp', `erp-example-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: process.cwd(), stdio: 'pipe', encoding: 'utf8' });
    run(process.execPath, ['--import', 'tsx', 'scripts/openapi-document.ts', path.join(dir, 'openapi.json')]);
    run(process.execPath, ['node_modules/openapi-typescript/bin/cli.js', path.join(dir, 'openapi.json'), '-o', path.join(dir, 'portal-api.d.ts')]);
    copyFileSync('docs/examples/erp-sync.ts', path.join(dir, 'erp-sync.ts'));
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, skipLibCheck: true, types: ['node'] },
        files: ['erp-sync.ts'],
      }),
    );
    try {
      symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
    } catch {
      // already linked by an earlier run
    }
    let output = '';
    try {
      run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', dir]);
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  }, 120_000);
});
