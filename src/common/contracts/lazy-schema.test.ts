import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deferredSchema, lazySchema } from './lazy-schema';

describe('deferredSchema (the browser)', () => {
  it('builds the schema on first use, once, and then behaves as that schema', () => {
    let builds = 0;
    const item = deferredSchema(() => {
      builds += 1;
      return z.object({ code: z.string().min(1, 'Code is required'), quantity: z.number().int() });
    });
    expect(builds).toBe(0);

    expect(item.parse({ code: 'A', quantity: 2 })).toEqual({ code: 'A', quantity: 2 });
    expect(item.safeParse({ code: '', quantity: 1 }).error?.issues[0]?.message).toBe('Code is required');
    expect(item).toBeInstanceOf(z.ZodObject);
    expect('_zod' in item).toBe(true);
    expect(Object.keys(item.shape)).toEqual(['code', 'quantity']);
    expect(builds).toBe(1);
  });

  it('nests in other schemas, extends, and keeps transforms and refinements', () => {
    const line = deferredSchema(() => z.object({ id: z.number().int(), name: z.string().trim().nullable() }));
    const list = deferredSchema(() => z.array(line).refine((lines) => lines.length > 0, 'At least one line'));

    expect(list.parse([{ id: 1, name: ' a ' }])).toEqual([{ id: 1, name: 'a' }]);
    expect(list.safeParse([{ id: 'x', name: null }]).success).toBe(false);
    expect(list.safeParse([]).error?.issues[0]?.message).toBe('At least one line');
    expect(line.extend({ extra: z.boolean() }).parse({ id: 1, name: null, extra: true })).toMatchObject({ extra: true });
  });
});

describe('lazySchema on the server', () => {
  it('is the schema itself, so the OpenAPI document can be generated from it', () => {
    const body = lazySchema(() => z.object({ name: z.string().trim().pipe(z.string().min(1)) }));
    expect(z.toJSONSchema(body, { io: 'input' })).toMatchObject({ type: 'object', required: ['name'] });
  });
});

/**
 * Every zod call at the top level of a contract module must sit inside `lazySchema(() => ...)`
 * (or a function): importing a contract must not build schemas (issue 15, ADR 0154).
 */
describe('contracts are built on first use', () => {
  const dir = path.dirname(new URL(import.meta.url).pathname);
  const modules = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

  /** Calls made while the module loads: outside any function, and outside lazySchema's builder. */
  function eagerZodCalls(source: ts.SourceFile): string[] {
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) return;
      if (ts.isCallExpression(node)) {
        let root: ts.Expression = node.expression;
        while (ts.isPropertyAccessExpression(root) || ts.isCallExpression(root)) root = ts.isCallExpression(root) ? root.expression : root.expression;
        if (ts.isIdentifier(root) && root.text === 'z') found.push(node.getText(source).slice(0, 60));
      }
      ts.forEachChild(node, visit);
    };
    for (const statement of source.statements) if (!ts.isImportDeclaration(statement)) visit(statement);
    return found;
  }

  it.each(modules)('%s', (name) => {
    const file = path.join(dir, name);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    expect(eagerZodCalls(source)).toEqual([]);
  });
});
