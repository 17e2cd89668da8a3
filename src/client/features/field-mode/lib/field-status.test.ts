// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { shellFromDevice, startsOffline } from './field-status';

describe('the offline start (docs/decisions/0244)', () => {
  afterEach(() => document.head.querySelector('meta[name="portal-shell"]')?.remove());

  it("is the service worker's offline shell when the page carries its mark, whatever navigator.onLine says", () => {
    expect(navigator.onLine).toBe(true);
    expect(shellFromDevice()).toBe(false);
    expect(startsOffline()).toBe(false);
    const mark = document.createElement('meta');
    mark.name = 'portal-shell';
    mark.content = 'device';
    document.head.append(mark);
    expect(shellFromDevice()).toBe(true);
    expect(startsOffline()).toBe(true);
  });
});
