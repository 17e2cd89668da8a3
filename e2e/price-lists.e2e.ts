import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateDemoProducts } from '../src/server/db/demo-data/products';
import { ACCOUNTS, PHONE, hasHorizontalScroll, signIn, useBrowser } from './support/browser';
import { seriousViolations } from './support/axe';

const browser = useBrowser();

// Three priced demo tiles no other journey prices.
const priced = generateDemoProducts()
  .filter((p) => typeof p.price === 'string' && Number(p.price) > 10)
  .map((p) => ({ id: p.id, price: Number(p.price) }));
const [first, second, third] = [priced[211]!, priced[212]!, priced[213]!];
const CODE = `E2E-${Date.now().toString(36).toUpperCase()}`;
const money = (n: number) => n.toFixed(2);

async function chooseFile(page: Page, name: string, csv: string) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Upload Price List File' }).click()]);
  await chooser.setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

async function expectNoAxeFindings(page: Page, where: string) {
  const found = await seriousViolations(page);
  expect(found.map((f) => `${where}: ${f.rule} ${f.help} -> ${f.targets.join(' | ')}`).join('\n')).toBe('');
}

describe('price lists (docs/decisions/0231)', () => {
  it('from /: an admin creates a list, uploads a price list file, reads the preview (added, changed with %, flagged), confirms and sees the entries', async () => {
    const { page } = await browser.open();
    await page.goto('/');
    await page.waitForURL('**/auth');
    await signIn(page, ACCOUNTS.admin);
    await page.waitForURL('**/role-select');
    await page.getByRole('button', { name: /^Admin/ }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: /Price Lists/ }).first().click();
    await page.waitForURL('**/admin/price-lists');

    await page.getByRole('button', { name: 'New Price List' }).click();
    const form = page.getByRole('dialog', { name: 'New Price List' });
    await form.getByLabel('Code').fill(CODE);
    await form.getByLabel('Name').fill('Journey contract');
    await form.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL('**/admin/price-lists/*');
    await page.getByText('No prices yet: add a SKU or upload a file.').waitFor();

    // The first file adds two prices.
    await page.goto('/admin/price-lists');
    await chooseFile(page, 'first.csv', `list,sku,price,min_quantity\n${CODE},${first.id},${money(first.price)},\n${CODE},${third.id},${money(third.price)},1\n`);
    let preview = page.getByRole('dialog', { name: /^Preview: first\.csv/ });
    await preview.getByRole('region', { name: /^Added \(2\)/ }).waitFor();
    await preview.getByRole('button', { name: 'Confirm' }).click();
    await preview.waitFor({ state: 'detached' });

    // The second changes one price by 2%, another by 30% (flagged), adds a break and drops a SKU.
    const small = Math.round(first.price * 102) / 100;
    await chooseFile(page, 'second.csv', `List,SKU,Price,Min Quantity\n${CODE},${first.id},${money(small)},\n${CODE},${first.id},${money(first.price * 0.9)},100\n${CODE},${second.id},${money(second.price)},\n`);
    preview = page.getByRole('dialog', { name: /^Preview: second\.csv/ });
    const added = preview.getByRole('region', { name: /^Added \(2\)/ });
    await added.getByText(new RegExp(`^${second.id}\\b`)).waitFor();
    await preview.getByRole('region', { name: /^Removed \(1\)/ }).getByText(new RegExp(`^${third.id}\\b`)).waitFor();
    const changed = preview.getByRole('region', { name: /^Changed \(1\)/ });
    await changed.getByText(/\+(1\.9|2\.0|2\.1)%/).waitFor();
    await expectNoAxeFindings(page, 'price list preview @1280');
    await page.screenshot({ path: '.tmp/price-list-preview-desktop.png' });
    await page.setViewportSize(PHONE);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: '.tmp/price-list-preview-phone.png' });
    await page.setViewportSize({ width: 1280, height: 860 });
    await preview.getByRole('button', { name: 'Confirm' }).click();
    await preview.waitFor({ state: 'detached' });
    await page.getByText(/1 list, 3 rows: 2 added, 1 changed/).first().waitFor();

    // A 30% change is flagged in the preview.
    await chooseFile(page, 'third.csv', `list,sku,price,min_quantity\n${CODE},${first.id},${money(small * 1.3)},1\n${CODE},${first.id},${money(first.price * 0.9)},100\n${CODE},${second.id},${money(second.price)},1\n`);
    preview = page.getByRole('dialog', { name: /^Preview: third\.csv/ });
    await preview.getByText(/by more than 20%/).waitFor();
    await preview.getByText(/\+(29\.9|30\.0|30\.1)% · over 20%/).waitFor();
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    // The list shows its prices: the small change applied, the break, the new SKU; the dropped SKU gone.
    await page.getByRole('link', { name: CODE }).click();
    const prices = page.getByRole('region', { name: 'Prices' });
    await prices.getByRole('cell', { name: String(first.id), exact: true }).waitFor();
    await prices.getByText(`$${money(small)}`).waitFor();
    await prices.getByText(`100+ $${money(first.price * 0.9)}`).waitFor();
    await prices.getByRole('cell', { name: String(second.id), exact: true }).waitFor();
    expect(await prices.getByRole('cell', { name: String(third.id), exact: true }).count()).toBe(0);
    await expectNoAxeFindings(page, 'price list @1280');
    await page.screenshot({ path: '.tmp/price-list-detail-desktop.png' });
    await page.setViewportSize(PHONE);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.screenshot({ path: '.tmp/price-list-detail-phone.png' });
  });
});
