import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stubOf } from '../../../scripts/zod-without-json-schema';

const zodCore = path.join(path.dirname(createRequire(import.meta.url).resolve('zod/v4/core')), '.');
const GENERATOR_MODULES = ['json-schema-processors.js', 'to-json-schema.js', 'json-schema-generator.js'];

async function moduleOf(code: string): Promise<Record<string, unknown>> {
  return (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as Record<string, unknown>;
}

describe("the browser build's zod without JSON Schema generation (ADR 0152)", () => {
  it.each(GENERATOR_MODULES)('stubs every name %s exports, so a zod upgrade cannot break the build unseen', async (file) => {
    const real = (await import(path.join(zodCore, file))) as Record<string, unknown>;
    const stub = await moduleOf(stubOf(readFileSync(path.join(zodCore, file), 'utf8')));
    expect(Object.keys(stub).sort()).toEqual(Object.keys(real).sort());
  });

  it('lets schemas be built and read (method factories, aggregateChecks) and throws only when JSON Schema is asked for', async () => {
    const stub = await moduleOf(stubOf(readFileSync(path.join(zodCore, 'to-json-schema.js'), 'utf8')));
    const method = (stub.createToJSONSchemaMethod as () => () => unknown)();
    expect(method).toBeTypeOf('function');
    expect(() => method()).toThrow(/not part of the browser build/);
    const processors = await moduleOf(stubOf(readFileSync(path.join(zodCore, 'json-schema-processors.js'), 'utf8')));
    expect((processors.aggregateChecks as () => unknown)()).toEqual({});
  });
});
