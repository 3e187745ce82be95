// The admin's Payments screen (issue 22) in Chromium, on the sandbox the browser suite runs (no
// Stripe keys: the refund's provider call is the sandbox's, the reversal after it is the same code
// a Stripe refund runs): an admin finds a player's card order, refunds it after a confirmation, and
// the player's inventory no longer holds the order's items; Export CSV downloads the filtered rows.
// Screenshots of the table, an order page and the dashboard's chart at phone and desktop widths go
// to /tmp when E2E_SCREENSHOTS is set (looked at by hand, never compared).

import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { type Account, loginAccount, registerAccount, signIn, test } from '../fixtures/accounts.ts';
import { e2eAdmin } from '../playwright.config.ts';

const shots = process.env.E2E_SCREENSHOTS;

async function screenshot(page: Page, name: string) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Buys the shop's Vanguard Interceptor by card on the sandbox checkout, through the API. */
async function buyByCard(request: Parameters<typeof registerAccount>[0], player: Account): Promise<string> {
  const headers = { Authorization: `Bearer ${player.token}` };
  const items = (await (await request.get('/api/shop/items')).json()) as { items: { _id: string; name: string }[] };
  const ship = items.items.find((item) => item.name === 'Vanguard Interceptor');
  const opened = await request.post('/api/stripe/create-checkout-session', {
    headers,
    data: { items: [{ itemId: ship?._id, quantity: 1 }] },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const orderId = ((await opened.json()) as { url: string }).url.split('/').pop() as string;
  const paid = await request.post(`/api/stripe/orders/${orderId}/pay`, { headers });
  expect(paid.status(), await paid.text()).toBe(200);
  return orderId;
}

test("an admin refunds a card order and it empties the player's inventory of that order", async ({
  page,
  browser,
  request,
}) => {
  // Full-page screenshots at two widths take their time; without them the default holds.
  if (shots) test.setTimeout(120_000);
  const player = await registerAccount(request, 'refund');
  await buyByCard(request, player);

  await signIn(page, await loginAccount(request, e2eAdmin.email, e2eAdmin.password));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Revenue', exact: true })).toBeVisible();
  await expect(page.locator('.revenue-chart-plot canvas').first()).toBeVisible();
  await screenshot(page, 'admin-dashboard');

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Payments' }).click();
  await page.getByLabel('Search').fill(player.username);
  const row = page.getByRole('row').filter({ hasText: player.username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('$9.99');
  await expect(row).toContainText('Paid');
  await screenshot(page, 'admin-payments');

  await row.getByRole('link', { name: '1 × Vanguard Interceptor' }).click();
  await expect(page.getByRole('heading', { name: `$9.99 from ${player.username}` })).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('Checkout opened')).toBeVisible();
  await expect(history.getByText('Paid', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Refund this payment?' });
  await expect(dialog).toContainText(`$9.99 goes back to ${player.username}`);
  await screenshot(page, 'admin-payment-confirm');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Payment refunded' })).toBeVisible();
  await expect(history.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await expect(page.getByText('This payment has already been refunded')).toBeVisible();
  await screenshot(page, 'admin-payment');

  // The player's inventory, in their own browser: the order's ship is gone, and it held nothing else;
  // Purchases says why.
  const playerPage = await (await browser.newContext()).newPage();
  await signIn(playerPage, player.token);
  await playerPage.goto('/inventory');
  await expect(playerPage.getByText('Your inventory is empty')).toBeVisible();
  await expect(playerPage.getByRole('article')).toHaveCount(0);
  await playerPage.goto('/purchases');
  await expect(playerPage.getByRole('article').filter({ hasText: 'Vanguard Interceptor' })).toContainText('Refunded');
  // The API still lists the entry, revoked: it is never delivered, given or traded.
  const inventory = (await (
    await request.get('/api/shop/user/inventory', { headers: { Authorization: `Bearer ${player.token}` } })
  ).json()) as { inventory: { revokedAt: string | null }[] };
  expect(inventory.inventory.every((held) => held.revokedAt !== null)).toBe(true);
});

test('Export CSV downloads the filtered payments', async ({ page, request }) => {
  const player = await registerAccount(request, 'csv');
  const orderId = await buyByCard(request, player);
  await signIn(page, await loginAccount(request, e2eAdmin.email, e2eAdmin.password));
  await page.goto('/admin/payments');
  await page.getByLabel('Search').fill(player.username);
  // The search has landed once the table holds the header and this player's row alone.
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').filter({ hasText: player.username })).toHaveCount(1);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await download.path(), 'utf8');
  const lines = text.split('\r\n');
  expect(lines[0]).toBe(
    'Order,Created (UTC),Paid (UTC),Player,Player id,Email,Kind,Status,Amount (USD),Refunded (USD),Currency,Provider,Provider payment,Items',
  );
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(`${orderId},`);
  expect(lines[1]).toContain(`,${player.username},`);
  expect(lines[1]).toContain(',items,paid,9.99,0.00,usd,sandbox,');
  expect(lines[1]?.endsWith(',1 × Vanguard Interceptor')).toBe(true);
});
