import { describe, expect, it } from 'vitest';
import { ACCOUNTS, PHONE, hasHorizontalScroll, useBrowser } from './support/browser';
import { api, signInAs } from './support/session';

const browser = useBrowser();

/*
 * Companies (docs/decisions/0230): an admin creates a company, gives it a ship-to and a company admin;
 * that company admin finds My Company in the account menu and sees its location and buyers.
 */
describe('companies', () => {
  it('an admin creates a company with a location and a buyer; the company admin sees My Company', async () => {
    const tag = Date.now().toString(36);
    const companyName = `Journey Tile ${tag}`;
    const username = `jco-${tag}`;

    const admin = await browser.open();
    await signInAs(admin.page, ACCOUNTS.admin, 'Admin');
    // Findable from the dashboard.
    await admin.page.getByRole('link', { name: /Companies/ }).first().click();
    await admin.page.waitForURL('**/admin/companies');

    await admin.page.getByRole('button', { name: 'New Company' }).click();
    let dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Company name').fill(companyName);
    await dialog.getByLabel('Account number').fill(`J-${tag}`);
    await dialog.getByLabel('Price group').fill('Gold');
    await dialog.getByLabel('Payment terms').fill('Net 30');
    await dialog.getByRole('button', { name: 'Create Company' }).click();
    await admin.page.waitForURL(/\/admin\/companies\/\d+$/);
    await admin.page.getByRole('heading', { name: companyName }).first().waitFor();
    const companyId = Number(new URL(admin.page.url()).pathname.split('/').pop());
    expect(await admin.page.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe(`/orders?company=${companyId}`);

    // A ship-to; the address is checked as the checkout checks it.
    await admin.page.getByRole('button', { name: 'Add Location' }).click();
    dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Location name').fill('Journey Showroom');
    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await dialog.getByText('Enter a contact name').waitFor();
    await dialog.getByLabel('Contact name').fill('Jo Journey');
    await dialog.getByLabel('Phone').fill('714-555-0199');
    await dialog.getByLabel('Street address').fill('12 Journey Way');
    await dialog.getByLabel('City').fill('Irvine');
    await dialog.getByLabel('State').fill('CA');
    await dialog.getByLabel('ZIP').fill('92618');
    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const main = admin.page.getByRole('main');
    await main.getByText('Journey Showroom').waitFor();
    await main.getByText('Default', { exact: true }).waitFor();

    // A buyer with a temporary password, as company admin.
    await admin.page.getByRole('button', { name: 'New Buyer' }).click();
    dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Temporary Password').fill('Journey123');
    await dialog.getByLabel('First name').fill('Jules');
    await dialog.getByLabel('Role in the company').selectOption('admin');
    await dialog.getByRole('button', { name: 'Create Buyer' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await main.getByText(username, { exact: true }).waitFor();
    expect(await admin.page.getByLabel(`Role of ${username}`).inputValue()).toBe('admin');

    // The buyer skips the temporary-password step for this journey (the admin's bypass).
    const detail = await api<{ buyers: { id: number; username: string }[] }>(admin.page, 'GET', `/api/companies/${companyId}`);
    const buyerId = detail.buyers.find((b) => b.username === username)!.id;
    await api(admin.page, 'POST', `/api/bypass-password-reset/${buyerId}`);

    // The company admin, on a phone: My Company from the account menu.
    const dealer = await browser.open(PHONE);
    await signInAs(dealer.page, { username, password: 'Journey123' }, 'BOLD Customer');
    await dealer.page.getByRole('button', { name: /^Account menu/ }).click();
    await dealer.page.getByRole('menuitem', { name: 'My Company' }).click();
    await dealer.page.waitForURL('**/company');
    await dealer.page.getByRole('main').getByText(`Your role at ${companyName}: Company admin.`).waitFor();
    const mine = dealer.page.getByRole('main');
    await mine.getByText('Journey Showroom').waitFor();
    await mine.getByRole('heading', { name: 'Buyers' }).waitFor();
    await mine.getByText(username, { exact: true }).waitFor();
    expect(await hasHorizontalScroll(dealer.page)).toBe(false);
  });

  it('an admin finds a company by name for its prices on /stock, and creates a dealer in it from Create User', async () => {
    const tag = Date.now().toString(36);
    const admin = await browser.open();
    await signInAs(admin.page, ACCOUNTS.admin, 'Admin');
    const company = await api<{ id: number; name: string }>(admin.page, 'POST', '/api/companies', { name: `Chooser Tile ${tag}`, accountNumber: `K-${tag}` });

    // /stock's chooser is a search by name or account number, used from the keyboard (docs/decisions/0232).
    await admin.page.goto('/stock');
    const chooser = admin.page.getByRole('combobox', { name: 'Prices for company' });
    await chooser.fill(`K-${tag}`);
    await admin.page.getByRole('option', { name: new RegExp(`Chooser Tile ${tag}`) }).waitFor();
    // The list settles on the search's one match (other journeys' companies showed before the search answered).
    const listbox = admin.page.locator(`[id="${await chooser.getAttribute('aria-controls')}"]`);
    await expect.poll(() => listbox.getByRole('option').count()).toBe(1);
    await chooser.press('ArrowDown');
    await chooser.press('Enter');
    await admin.page.waitForURL(`**/stock?company=${company.id}`);
    await admin.page.getByText(`Showing the prices of ${company.name}`).waitFor();

    // Create User: a dealer placed in that company, found by name (docs/decisions/0230).
    const username = `jpick-${tag}`;
    await admin.page.goto('/users');
    await admin.page.getByRole('button', { name: 'Create User' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Temporary Password').fill('Journey123');
    await dialog.getByLabel('Role', { exact: true }).selectOption('bold_customer');
    await dialog.getByRole('combobox', { name: 'Company', exact: true }).fill(`Chooser Tile ${tag}`);
    await dialog.getByRole('option', { name: new RegExp(`Chooser Tile ${tag}`) }).click();
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const detail = await api<{ buyers: { username: string }[] }>(admin.page, 'GET', `/api/companies/${company.id}`);
    expect(detail.buyers.map((b) => b.username)).toEqual([username]);
  });
});
