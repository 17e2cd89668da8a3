/**
 * A contract that is built the first time something touches it (issue 15, ADR 0154).
 *
 * zod builds each schema eagerly, and a zod 4 schema is not cheap to build: every
 * instance gets its own methods and checks. The contracts define about 170 schemas,
 * and a phone spent a quarter of its start-up JavaScript (0.3 s at Lighthouse's 4x
 * slowdown) building schemas that page would never use, because importing one
 * contract runs its whole module. Wrapped in `lazySchema`, a schema costs one empty
 * Proxy until its first use; then the real schema is built once and every access is
 * forwarded to it, so `parse`, `.extend()`, `z.infer`, `instanceof`, nesting in other
 * schemas and the form resolver all see a zod schema.
 *
 * Use it for every top-level schema in src/common/contracts (a test checks that).
 *
 * Only the browser defers. The server builds each schema at once and uses the schema itself:
 * it needs every contract at start-up anyway, and zod's JSON Schema generator (the OpenAPI
 * document) keys its bookkeeping on schema identity, which a stand-in would break.
 */
export const lazySchema: <T extends object>(build: () => T) => T =
  typeof document === 'undefined' ? (build) => build() : deferredSchema;

/** The browser's stand-in: an empty Proxy that builds the schema on first use and forwards to it. */
export function deferredSchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(schema(), key),
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    has: (_target, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // The Proxy's own target is an empty object: a property may only be reported if it is configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
