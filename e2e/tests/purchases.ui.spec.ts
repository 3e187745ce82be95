// The player's Purchases page and a receipt (issue 22) in Chromium on the sandbox: a purchase with
// credits and one by card both listed on /purchases, the card order's receipt, printed by Chromium
// to one A4 page; and the monthly goal's bar on the home page once an admin sets the goal (and the
// goal set through the admin Site Settings screen).
import { expect, type Page } from '@playwright/test';
import { loginAccount, signIn, test } from '../fixtures/accounts.ts';
import { setCredits, setMonthlyGoal } from '../fixtures/admin.ts';
import { e2eAdmin } from '../playwright.config.ts';

const article = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The number of pages of a PDF: its page objects (`/Type /Page`, not `/Pages`). */
const pdfPageCount = (pdf: Buffer): number => (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;

test('a player buys with credits and by card, finds both on Purchases, and the receipt prints on one A4 page', async ({
  page,
  request,
  player,
}) => {
  // Two purchases, two pages and a PDF: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await setCredits(request, player.id, 500);
  await signIn(page, player.token);
  await page.goto('/shop');
  await article(page, 'Scout Corvette').getByRole('button', { name: 'Buy with Credits' }).click();
  await expect(page.getByText('Purchase successful!')).toBeVisible();

  await article(page, 'Vanguard Interceptor').getByRole('button', { name: 'Buy with Cash' }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/);
  await page.getByRole('button', { name: 'Pay $9.99' }).click();
  await expect(page.getByText('Payment successful! Your items have been added.')).toBeVisible();

  // The account area's link.
  await nav(page).getByRole('link', { name: 'Purchases' }).click();
  await expect(page).toHaveURL(/\/purchases$/);
  await expect(page.getByRole('heading', { name: 'Purchases', level: 1 })).toBeVisible();
  const card = page.getByRole('article', { name: 'Card order' });
  const credits = page.getByRole('article', { name: 'Bought with credits' });
  await expect(card).toContainText('Vanguard Interceptor');
  await expect(card).toContainText('$9.99');
  await expect(card).toContainText('Paid');
  await expect(credits).toContainText('Scout Corvette');
  await expect(credits).toContainText('300 credits');
  // Newest first: the card order above the credit purchase; only the card order has a receipt.
  const headings = await page.locator('.purchase-kind').allTextContents();
  expect(headings).toEqual(['Card order', 'Bought with credits']);
  await expect(credits.getByRole('link', { name: 'Receipt' })).toHaveCount(0);

  await card.getByRole('link', { name: 'Receipt' }).click();
  await expect(page).toHaveURL(/\/purchases\/[0-9a-f-]+\/receipt$/);
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt).toContainText('Starport');
  await expect(receipt).toContainText('Order number');
  await expect(receipt.getByRole('row', { name: /Vanguard Interceptor/ })).toContainText('$9.99');
  await expect(receipt).toContainText('Test mode (no money moved)');
  const orderId = /purchases\/([0-9a-f-]+)\/receipt/.exec(page.url())?.[1] ?? '';
  await expect(receipt).toContainText(orderId);

  // Printed by Chromium on A4: one page, without the site's header.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.site-header')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  expect(pdfPageCount(pdf)).toBe(1);
  await page.emulateMedia({ media: 'screen' });

  // The dashboard links here too.
  await page.goto('/dashboard');
  await page.getByRole('main').getByRole('link', { name: 'Purchases' }).click();
  await expect(page).toHaveURL(/\/purchases$/);
});

test('the home page shows the monthly goal once an admin sets it in Site Settings, and hides it without', async ({
  page,
  request,
}) => {
  const previous = await setMonthlyGoal(request, null);
  try {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Your galaxy awaits' })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);

    // The admin sets it on the Site Settings screen.
    const token = await loginAccount(request, e2eAdmin.email, e2eAdmin.password);
    await signIn(page, token);
    await page.goto('/admin/settings');
    await page.getByLabel('Goal (USD)').fill('250');
    await page.getByLabel('Goal text').fill('Keep the servers running');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();

    await page.goto('/');
    const bar = page.getByRole('progressbar', { name: 'Keep the servers running' });
    await expect(bar).toBeVisible();
    await expect(page.getByText(/of \$250\.00 this month/)).toBeVisible();
    const raised = Number(await bar.getAttribute('aria-valuenow'));
    expect(raised).toBeGreaterThanOrEqual(0);
    expect(raised).toBeLessThanOrEqual(100);
  } finally {
    await setMonthlyGoal(request, previous);
  }
});
