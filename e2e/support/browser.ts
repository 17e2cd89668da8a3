import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

export { ACCOUNTS } from './accounts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Flags checked on these machines: no sandbox as root, and no background
// networking (the closed network would refuse those connections).
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };


export interface Session {
  page: Page;
  context: BrowserContext;
  /** Console errors and page errors seen so far; a journey fails if any appear. */
  errors: string[];
}

/**
 * One Chromium per test file; `open()` gives each test its own context (its
 * own cookies). Any console error or uncaught page error fails the test.
 */
export function useBrowser() {
  let browser: Browser;
  const sessions: Session[] = [];
  const baseURL = inject('baseURL');

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterEach(async () => {
    const errors = sessions.flatMap((s) => s.errors);
    await Promise.all(sessions.splice(0).map((s) => s.context.close()));
    expect(errors, 'console errors in the browser').toEqual([]);
  });
  afterAll(async () => browser?.close());

  return {
    baseURL,
    async open(viewport = DESKTOP): Promise<Session> {
      const context = await browser.newContext({ baseURL, viewport });
      const page = await context.newPage();
      const session: Session = { page, context, errors: [] };
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        // Expected answers we provoke on purpose (401 before sign-in) show as failed loads.
        if (/Failed to load resource: the server responded with a status of (401|403|404|429)/.test(text)) return;
        session.errors.push(text);
      });
      page.on('pageerror', (error) => session.errors.push(error.message));
      sessions.push(session);
      return session;
    },
  };
}

export async function signIn(page: Page, account: { username: string; password: string }, options: { rememberMe?: boolean } = {}) {
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  if (options.rememberMe) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Login' }).click();
}

/** True when the page is wider than the viewport (a horizontal scrollbar on a phone). */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
