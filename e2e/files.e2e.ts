import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { samplePdf, samplePng } from '../test/sample-files';
import { ACCOUNTS, PHONE, hasHorizontalScroll, signIn, useBrowser } from './support/browser';

const browser = useBrowser();

// One journey across the tests of this file: the admin fills a folder, a salesperson uses it.
const folderName = `Spec Sheets ${Date.now().toString(36)}`;
const linkTitle = 'Installer handbook';
let pdf: Buffer;

async function signInAsAdmin(page: Page) {
  await page.goto('/auth');
  await signIn(page, ACCOUNTS.admin);
  await page.waitForURL('**/role-select');
  await page.getByRole('button', { name: /^Admin/ }).click();
  await page.waitForURL('**/dashboard');
}

async function toast(page: Page, title: string) {
  await page.getByRole('status').filter({ hasText: title }).first().waitFor();
}

describe('files and links', () => {
  it('lets an admin create a folder, upload a PDF and a PNG at once, and add a link', async () => {
    pdf = await samplePdf('Calacatta Luxe spec sheet', 3);
    const { page } = await browser.open();
    await signInAsAdmin(page);
    await page.getByRole('link', { name: /Files & Links/ }).click();
    await page.waitForURL('**/files');
    await page.getByRole('navigation', { name: 'Folder path' }).getByText('All Files').waitFor();

    // A blank name is refused in the form.
    await page.getByRole('button', { name: 'New Folder' }).click();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Folder name is required').waitFor();
    await page.getByLabel('Folder name').fill(folderName);
    await page.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Folder created');

    await page.getByRole('link', { name: folderName }).click();
    await page.waitForURL(/\/files\?folder=\d+$/);
    await page.getByRole('navigation', { name: 'Folder path' }).getByText(folderName).waitFor();
    await page.getByText('No items found').waitFor();

    await page.getByRole('button', { name: 'Upload File' }).click();
    await page.getByLabel('Files to upload', { exact: true }).first().setInputFiles([
      { name: 'calacatta-spec.pdf', mimeType: 'application/pdf', buffer: pdf },
      { name: 'calacatta-swatch.png', mimeType: 'image/png', buffer: samplePng },
    ]);
    await page.getByRole('button', { name: 'Upload 2 Files' }).click();
    await toast(page, '2 files uploaded');
    const files = page.getByRole('region', { name: /Files/ });
    await files.getByText('calacatta-spec.pdf').waitFor();
    await files.getByText('calacatta-swatch.png').waitFor();

    await page.getByRole('button', { name: 'Add Link' }).click();
    await page.getByRole('button', { name: 'Add Link' }).last().click();
    await page.getByText('Title and URL are required').first().waitFor();
    await page.getByLabel('Title').fill(linkTitle);
    await page.getByLabel('URL').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Add Link' }).last().click();
    await page.getByText('The URL must start with http:// or https://').waitFor();
    await page.getByLabel('URL').fill('https://example.com/handbook');
    await page.getByRole('button', { name: 'Add Link' }).last().click();
    await toast(page, 'Link added');

    const link = page.getByRole('link', { name: new RegExp(linkTitle) });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');

    // The PNG previews in a dialog.
    await page.getByRole('button', { name: 'Preview calacatta-swatch.png' }).click();
    const preview = page.getByRole('dialog', { name: 'calacatta-swatch.png' });
    await expect.poll(() => preview.getByRole('img', { name: 'calacatta-swatch.png' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await page.keyboard.press('Escape');
  });

  it('lets a salesperson open the folder, download the PDF byte for byte, and shows no create or delete control', async () => {
    const { page } = await browser.open(PHONE);
    await page.goto('/files');
    await page.waitForURL('**/auth');
    await signIn(page, ACCOUNTS.salesperson);
    await page.waitForURL('**/files');
    await page.getByRole('link', { name: folderName }).click();
    await page.waitForURL(/\/files\?folder=\d+$/);
    await page.getByText('calacatta-spec.pdf').waitFor();

    // The open folder survives a reload (state in the URL).
    await page.reload();
    await page.getByRole('navigation', { name: 'Folder path' }).getByText(folderName).waitFor();
    await page.getByRole('link', { name: new RegExp(linkTitle) }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download calacatta-spec.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('calacatta-spec.pdf');
    const saved = await readFile(await download.path());
    expect(saved.equals(pdf)).toBe(true);

    for (const name of ['New Folder', 'Upload File', 'Add Link', 'Delete Folder']) {
      expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    }
    expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await page.getByRole('toolbar', { name: 'Manage files' }).count()).toBe(0);
    expect(await hasHorizontalScroll(page)).toBe(false);

    // Back to the root through the breadcrumb, and the browser's Back returns to the folder.
    await page.getByRole('link', { name: 'All Files' }).click();
    await page.waitForURL(/\/files$/);
    await page.goBack();
    await page.waitForURL(/\/files\?folder=\d+$/);
    await page.getByText('calacatta-spec.pdf').waitFor();
  });

  it('confirms with the counts before an admin deletes the open folder, then returns to All Files', async () => {
    const { page } = await browser.open();
    await signInAsAdmin(page);
    await page.goto('/files');
    await page.getByRole('link', { name: folderName }).click();
    await page.waitForURL(/\/files\?folder=\d+$/);

    await page.getByRole('button', { name: 'Delete Folder' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(/This also deletes 2 files \(.+\) and 1 link inside it\./).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Folder deleted');
    await page.waitForURL(/\/files$/);
    await page.getByRole('navigation', { name: 'Folder path' }).getByText('All Files').waitFor();
    expect(await page.getByRole('link', { name: folderName }).count()).toBe(0);
  });
});
