import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://127.0.0.1:5055';
const args = ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
const [user, pass, role, ...paths] = process.argv.slice(2);
for (const [name, viewport] of [['desk', { width: 1280, height: 860 }], ['phone', { width: 390, height: 844 }]] as const) {
  const ctx = await browser.newContext({ baseURL: base, viewport });
  const page = await ctx.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
  await page.goto('/auth');
  await page.screenshot({ path: `/tmp/shots/login-${name}.png` });
  await page.getByLabel('Username').fill(user!);
  await page.getByLabel('Password', { exact: true }).fill(pass!);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForTimeout(800);
  if (role && role !== '-') {
    await page.goto('/role-select');
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/shots/roles-${name}.png` });
    await page.getByRole('button', { name: new RegExp('^' + role) }).click();
    await page.waitForTimeout(600);
  }
  for (const p of paths) {
    await page.goto(p);
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `/tmp/shots/${p.replace(/\W+/g, '_')}-${name}.png`, fullPage: true });
  }
  await ctx.close();
}
await browser.close();
