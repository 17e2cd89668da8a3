import { Suspense, lazy } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

function Page() {
  return <p>the page</p>;
}

/** renderToString cannot wait: whatever suspends shows its fallback, as a first commit would. */
const render = (node: React.ReactNode) => renderToString(<Suspense fallback={<p>spinner</p>}>{node}</Suspense>);

describe('preloadableLazy (ADR 0187: the first render commits the page)', () => {
  it('renders the component without suspending once preloaded', async () => {
    let loads = 0;
    const Lazy = preloadableLazy(async () => {
      loads += 1;
      return Page;
    });
    await Lazy.preload();
    expect(render(<Lazy />)).toContain('the page');
    await Lazy.preload();
    expect(loads).toBe(1);
  });

  it('suspends like React.lazy when not preloaded, and a plain lazy suspends even when its module is loaded', async () => {
    const NotPreloaded = preloadableLazy(async () => Page);
    expect(render(<NotPreloaded />)).toContain('spinner');
    const module = { default: Page };
    const Plain = lazy(() => Promise.resolve(module));
    expect(render(<Plain />)).toContain('spinner');
  });

  it('loads again after a failed download', async () => {
    let attempts = 0;
    const Lazy = preloadableLazy(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('network');
      return Page;
    });
    await expect(Lazy.preload()).rejects.toThrow('network');
    await Lazy.preload();
    expect(render(<Lazy />)).toContain('the page');
  });
});
