// Sales and credit codes (issue 22) in Chromium against the real server: an admin schedules a sale
// that runs at once on the Sales screen, the shop shows its badge, the old price struck through and
// a countdown and charges the sale price; a player redeems a credit code on the dashboard and the
// header's balance rises; an admin makes codes on the Credit Codes screen and downloads their CSV.
// Each test sells its own item, so no other spec's prices change.

import fs from 'node:fs';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { loginAccount, signIn, test } from '../fixtures/accounts.ts';
import { chooseRowAction, setCredits } from '../fixtures/admin.ts';
import { e2eAdmin } from '../playwright.config.ts';

async function adminHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await loginAccount(request, e2eAdmin.email, e2eAdmin.password)}` };
}

async function createItem(request: APIRequestContext, name: string, priceCredits: number): Promise<string> {
  const response = await request.post('/api/shop/admin/items', {
    headers: await adminHeaders(request),
    data: {
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      description: 'Made for a sale',
      category: 'ships',
      priceCredits,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { item: { _id: string } }).item._id;
}

const shopCard = (page: Page, name: string) => page.getByRole('article', { name });

test('an admin starts a sale on the Sales screen; the shop shows it and charges the sale price', async ({
  page,
  browser,
  request,
  player,
}) => {
  // Two browsers and a purchase on a shared two-core machine.
  test.setTimeout(90_000);
  const name = `Sale Skiff ${Date.now().toString(36)}`;
  const itemId = await createItem(request, name, 1000);
  const adminToken = await loginAccount(request, e2eAdmin.email, e2eAdmin.password);
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, adminToken);
  await adminPage.goto('/admin/sales');
  await adminPage.getByRole('button', { name: '+ New Sale' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'New Sale' });
  await dialog.getByLabel('Name').fill(`Flash ${name}`);
  await dialog.getByLabel('Percent off').fill('40');
  // The start is now (the form's default): the sale runs at once; the end a week on.
  await dialog.getByLabel(name).check();
  await dialog.getByRole('button', { name: 'Schedule Sale' }).click();
  await expect(adminPage.getByText('Sale scheduled successfully')).toBeVisible();
  const row = adminPage.getByRole('row', { name: new RegExp(`Flash ${name}`) });
  await expect(row.getByText('Running')).toBeVisible();
  await expect(row.getByText('40%')).toBeVisible();

  await setCredits(request, player.id, 1000);
  await signIn(page, player.token);
  await page.goto('/shop');
  const card = shopCard(page, name);
  await expect(card.getByText('Sale -40%')).toBeVisible();
  await expect(card.locator('s.price-original')).toHaveText(/1,000/);
  await expect(card.getByText('600 credits')).toBeVisible();
  await expect(card.getByText(/Sale ends in 6d 23h/)).toBeVisible();
  await card.getByRole('button', { name: 'Buy with Credits' }).click();
  await expect(page.getByText('Purchase successful!')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('400 credits')).toBeVisible();

  // The admin deletes it: the sale ends at once, and the item takes no more of anyone's price.
  await chooseRowAction(adminPage, `Flash ${name}`, `Delete Flash ${name}`);
  await adminPage.getByRole('alertdialog', { name: 'Delete Sale' }).getByRole('button', { name: 'Delete' }).click();
  await expect(adminPage.getByText('Sale deleted successfully')).toBeVisible();
  await adminContext.close();
  await page.reload();
  await expect(shopCard(page, name).getByText('1,000 credits')).toBeVisible();
  const items = (await (await request.get('/api/shop/items')).json()) as { items: { _id: string; sale: unknown }[] };
  expect(items.items.find((item) => item._id === itemId)?.sale).toBeNull();
});

test('a player redeems a credit code on the dashboard and the balance in the header rises', async ({
  page,
  request,
  player,
}) => {
  const made = await request.post('/api/admin/credit-codes', {
    headers: await adminHeaders(request),
    data: { count: 1, credits: 250, label: 'E2E giveaway' },
  });
  expect(made.status()).toBe(201);
  const { codes } = (await made.json()) as { codes: { code: string }[] };
  const code = codes[0]?.code ?? '';

  await signIn(page, player.token);
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText('0 credits')).toBeVisible();
  const card = page.getByRole('region', { name: 'Redeem a code' });
  await card.getByLabel('Code').fill('nope-nope');
  await card.getByRole('button', { name: 'Redeem' }).click();
  await expect(card.getByRole('alert')).toHaveText('This code is not valid. Check it and try again.');

  await card.getByLabel('Code').fill(code.toLowerCase());
  await card.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText('Code redeemed: 250 credits added')).toBeVisible();
  await expect(nav.getByText('250 credits')).toBeVisible();
  await expect(card.getByLabel('Code')).toHaveValue('');

  await card.getByLabel('Code').fill(code);
  await card.getByRole('button', { name: 'Redeem' }).click();
  await expect(card.getByRole('alert')).toHaveText('This code has already been used');
});

test('an admin makes credit codes, downloads their CSV and sees which were redeemed by whom', async ({
  page,
  request,
  player,
}) => {
  const adminToken = await loginAccount(request, e2eAdmin.email, e2eAdmin.password);
  await signIn(page, adminToken);
  await page.goto('/admin/credit-codes');
  await page.getByRole('button', { name: '+ New Codes' }).click();
  const form = page.getByRole('dialog', { name: 'New Credit Codes' });
  await form.getByLabel('How many codes').fill('3');
  await form.getByLabel('Credits each').fill('75');
  const label = `Stream night ${Date.now().toString(36)}`;
  await form.getByLabel('Label (optional)').fill(label);
  await form.getByRole('button', { name: 'Make Codes' }).click();

  const shown = page.getByRole('dialog', { name: 'Your New Codes' });
  await expect(shown.getByRole('listitem')).toHaveCount(3);
  const firstCode = (await shown.getByRole('listitem').first().textContent()) ?? '';
  expect(firstCode).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
  const downloading = page.waitForEvent('download');
  await shown.getByRole('link', { name: 'Download CSV' }).click();
  const csv = fs.readFileSync((await (await downloading).path()) ?? '', 'utf8');
  expect(csv.split('\r\n')[0]).toBe('number,code,credits,expires_at');
  expect(csv).toContain(`1,${firstCode},75,`);
  await shown.getByRole('button', { name: 'Close' }).click();

  const redeemed = await request.post('/api/credit-codes/redeem', {
    headers: { Authorization: `Bearer ${player.token}` },
    data: { code: firstCode },
  });
  expect(redeemed.status()).toBe(200);
  await page.reload();
  const row = page.getByRole('row', { name: new RegExp(label) });
  await expect(row.getByText('1 of 3')).toBeVisible();
  await row.getByRole('button', { name: `Codes of ${label}` }).click();
  const codesDialog = page.getByRole('dialog', { name: `Codes of ${label}` });
  await expect(codesDialog.getByText(`Redeemed by ${player.username}`)).toBeVisible();
  await expect(codesDialog.getByText('Not redeemed')).toHaveCount(2);
});
