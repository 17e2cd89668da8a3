import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy itself takes
type AnyComponent = ComponentType<any>;

export type PreloadableLazy<T extends AnyComponent> = LazyExoticComponent<T> & {
  /** Loads the module; once done, the component renders without suspending. */
  preload(): Promise<void>;
};

/**
 * `React.lazy` that can be loaded before React renders it (ADR 0187). A plain lazy
 * component suspends on its first render even when its chunk is already in the browser, and the
 * Suspense fallback is committed and painted (the app shell, then the page spinner, then the
 * page: three commits, each a style and layout pass on a phone's CPU). Once `preload()` has
 * finished, the factory hands React an already-resolved thenable, which React's lazy reads at
 * once (it settles `then` callbacks called synchronously), so the first commit is the page.
 */
export function preloadableLazy<T extends AnyComponent>(load: () => Promise<T>): PreloadableLazy<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  const start = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download (network drop) is tried again on the next render, not cached.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const component = lazy(() => {
    const ready = loaded;
    if (ready) return { then: (resolve: (module: { default: T }) => void) => resolve({ default: ready }) } as unknown as Promise<{ default: T }>;
    return start().then((c) => ({ default: c }));
  });
  return Object.assign(component, { preload: () => start().then(() => undefined) });
}
