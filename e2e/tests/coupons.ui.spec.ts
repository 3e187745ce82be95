// Coupons (issue 22) in Chromium against the real server: an admin creates a code on the Coupons
// screen; a player applies it in the shop, sees the new price before paying, buys with credits and is
// charged the discounted price; then pays by card with the code and the checkout (the sandbox's page,
// as the e2e server runs without Stripe keys) asks for the discounted amount; the Purchases page and the
// receipt name the code and its discount. The uses show on the screen.

import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { loginAccount, signIn, test } from '../fixtures/accounts.ts';
import { setCredits } from '../fixtures/admin.ts';
import { e2eAdmin } from '../playwright.config.ts';

const article = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function adminToken(request: APIRequestContext): Promise<string> {
  return loginAccount(request, e2eAdmin.email, e2eAdmin.password);
}

test('an admin creates a coupon; a player applies it, sees the new price and pays it with credits and by card', async ({
  page,
  browser,
  request,
  player,
}) => {
  // Two browsers and two purchases: more steps than most journeys, on a shared machine.
  test.setTimeout(120_000);
  const code = `SAVE${Date.now().toString(36).toUpperCase()}`;

  // The admin's Coupons screen, in the admin's own browser: 25% off everything, five uses.
  const admin = await browser.newPage();
  await signIn(admin, await adminToken(request));
  await admin.goto('/admin/coupons');
  await admin.getByRole('button', { name: '+ Add Coupon' }).click();
  const form = admin.getByRole('dialog', { name: 'Add Coupon' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Percent off').fill('25');
  await form.getByLabel('Total uses').fill('5');
  await form.getByRole('button', { name: 'Add Coupon' }).click();
  await expect(admin.getByText('Coupon created successfully')).toBeVisible();
  const row = admin.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('25% off');
  await expect(row).toContainText('0 / 5');

  // The player: 2,000 credits, the Vanguard Interceptor at 1,200 credits or $9.99.
  await setCredits(request, player.id, 2000);
  await signIn(page, player.token);
  await page.goto('/shop');
  await expect(nav(page).getByText('2,000 credits')).toBeVisible();
  await article(page, 'Vanguard Interceptor')
    .getByRole('button', { name: /with a coupon code/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Buy Vanguard Interceptor with a coupon' });
  await dialog.getByLabel('Coupon code').fill('NOSUCHCODE');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByText('This code does not exist')).toBeVisible();
  await dialog.getByLabel('Coupon code').fill(code.toLowerCase());
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByText(`Code ${code} applied.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Buy with Credits (900)' }).click();
  await expect(page.getByText('Purchase successful!')).toBeVisible();
  await expect(nav(page).getByText('1,100 credits')).toBeVisible();

  // By card: the sandbox's checkout asks for $7.49 (25% off $9.99, in whole cents).
  await article(page, 'Vanguard Interceptor')
    .getByRole('button', { name: /with a coupon code/ })
    .click();
  const again = page.getByRole('dialog', { name: 'Buy Vanguard Interceptor with a coupon' });
  await again.getByLabel('Coupon code').fill(code);
  await again.getByRole('button', { name: 'Apply' }).click();
  await again.getByRole('button', { name: 'Buy with Cash ($7.49)' }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/);
  await page.getByRole('button', { name: 'Pay $7.49' }).click();
  await expect(page.getByText('Payment successful! Your items have been added.')).toBeVisible();

  // Both purchases on the player's Purchases page with the code, and the card order's receipt: the
  // full price, the code's discount and what was paid.
  await page.goto('/purchases');
  const cardOrder = page.getByRole('article', { name: 'Card order' });
  await expect(cardOrder).toContainText(`Coupon ${code}`);
  await expect(cardOrder).toContainText('saved $2.50');
  await expect(page.getByRole('article', { name: 'Bought with credits' })).toContainText('saved 300 credits');
  await cardOrder.getByRole('link', { name: 'Receipt' }).click();
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt).toContainText(`Discount (coupon ${code})`);
  await expect(receipt).toContainText('$9.99');
  await expect(receipt).toContainText('−$2.50');
  await expect(receipt).toContainText('$7.49');

  // Two uses so far.
  await admin.reload();
  await expect(admin.getByRole('row', { name: new RegExp(code) })).toContainText('2 / 5');
  await admin.close();
});

test('a player subscribes with a tier code: the first month is charged less, and Purchases names the code', async ({
  page,
  request,
  player,
}) => {
  const code = `TIER${Date.now().toString(36).toUpperCase()}`;
  const tiers = (await (await request.get('/api/tiers')).json()) as { tiers: { _id: string; name: string }[] };
  const captain = tiers.tiers.find((tier) => tier.name === 'Captain');
  const made = await request.post('/api/admin/coupons', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { code, amountOff: 300, appliesTo: { tierIds: [captain?._id] } },
  });
  expect(made.status(), await made.text()).toBe(201);

  await signIn(page, player.token);
  await page.goto('/tiers');
  await article(page, 'Captain').getByRole('button', { name: 'Have a coupon code for Captain?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to Captain with a coupon' });
  await expect(dialog.getByText('Then $9.99 a month, until you cancel.')).toBeVisible();
  await dialog.getByLabel('Coupon code').fill(code.toLowerCase());
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByText(`Code ${code} applied.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Subscribe ($6.99 today)' }).click();

  // The sandbox's checkout page asks for the first month less the code.
  await expect(page.getByText('Captain tier')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $6.99' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank you for your support!' })).toBeVisible();

  await page.goto('/purchases');
  const bought = page.getByRole('article').filter({ hasText: 'Captain' }).first();
  await expect(bought).toContainText('$6.99');
  await expect(bought).toContainText(code);
});
