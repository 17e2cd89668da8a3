import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { signIn } from './browser';

/** Calls the real API with the page's own session cookie, as the browser would. */
export async function api<T>(page: Page, method: string, path: string, data: unknown = {}): Promise<T> {
  const response = await page.request.fetch(path, {
    method,
    data: method === 'GET' ? undefined : data,
    headers: { 'x-request-timestamp': String(Date.now()), ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Signs in from /auth, picks `role` on Select Role when given, and waits for the dashboard. */
export async function signInAs(page: Page, account: { username: string; password: string }, role?: 'Admin' | 'BOLD Customer') {
  await page.goto('/auth');
  await signIn(page, account);
  if (role) {
    await page.waitForURL('**/role-select');
    await page.getByRole('button', { name: new RegExp(`^${role}`) }).click();
  }
  await page.waitForURL('**/dashboard');
}
