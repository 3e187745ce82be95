// The payment journeys of issue 5 in Chromium on the sandbox (the server runs without Stripe keys):
// buying an item and a credit pack with cash, subscribing with the thank-you modal, upgrading, and
// cancelling from the dashboard's Manage Subscription.

import { expect, type Page } from '@playwright/test';
import { signIn, test } from '../fixtures/accounts.ts';
import { setThankYouMessage } from '../fixtures/admin.ts';
import { subscribeInSandbox } from '../fixtures/payments.ts';

const article = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a player buys a ship with cash on the sandbox checkout and finds it Pending in the inventory', async ({
  page,
  player,
}) => {
  await signIn(page, player.token);
  await page.goto('/shop');

  await article(page, 'Vanguard Interceptor').getByRole('button', { name: 'Buy with Cash' }).click();

  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/);
  await expect(page.getByText('Test mode: no money moves')).toBeVisible();
  await expect(page.getByRole('row', { name: /Vanguard Interceptor/ })).toContainText('$9.99');
  await page.getByRole('button', { name: 'Pay $9.99' }).click();

  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByText('Payment successful! Your items have been added.')).toBeVisible();
  await nav(page).getByRole('link', { name: 'Inventory' }).click();
  const entry = article(page, 'Vanguard Interceptor');
  await expect(entry.getByText('Pending')).toBeVisible();
  await expect(entry.getByText('cash purchase')).toBeVisible();
  // The lock notice (the first; the blocked Trade and Gift say the same on hover and focus).
  await expect(entry.getByText(/Trade locked until/).first()).toBeVisible();
});

test('a player buys a credit pack and sees the balance grow; cancelling buys nothing', async ({ page, player }) => {
  await signIn(page, player.token);
  await page.goto('/shop');
  await expect(nav(page).getByText('0 credits')).toBeVisible();

  // Changing one's mind on the checkout page first.
  await article(page, '500 Credits').getByRole('button', { name: 'Buy with Cash' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Payment was cancelled.')).toBeVisible();
  await expect(nav(page).getByText('0 credits')).toBeVisible();

  await article(page, '500 Credits').getByRole('button', { name: 'Buy with Cash' }).click();
  await expect(page.getByText('+500 credits')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $4.99' }).click();

  await expect(page.getByText('Payment successful! Your items have been added.')).toBeVisible();
  await expect(nav(page).getByText('500 credits')).toBeVisible();
  await expect(page.getByText('Your balance').locator('..')).toContainText('500 credits');
});

test("a player subscribes, reads the admin's thank-you message and continues to the dashboard with the tier", async ({
  page,
  request,
  player,
}) => {
  const message = `Thank you for flying with us, ${player.username}!`;
  const previous = await setThankYouMessage(request, message);
  try {
    await signIn(page, player.token);
    await page.goto('/tiers');
    await article(page, 'Captain').getByRole('button', { name: 'Subscribe' }).click();

    await expect(page.getByRole('heading', { name: 'Subscribe' })).toBeVisible();
    await expect(page.getByText('Test mode: no money moves')).toBeVisible();
    await expect(page.getByText('Captain tier')).toBeVisible();
    await page.getByRole('button', { name: 'Pay $9.99' }).click();

    const dialog = page.getByRole('dialog', { name: 'Thank you for your support!' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(message)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Link Discord Account' })).toBeVisible();
    await expect(page).toHaveURL(/\/tiers$/);
    await dialog.getByRole('button', { name: 'Continue to Dashboard' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    const tierCard = page.getByRole('region', { name: 'Supporter Tier' });
    await expect(tierCard.getByText('Captain')).toBeVisible();
    await expect(tierCard.getByText(/^Renews on /)).toBeVisible();
    await expect(tierCard.getByRole('button', { name: 'Manage Subscription' })).toBeVisible();
  } finally {
    await setThankYouMessage(request, previous);
  }
});

test('a supporter upgrades to a higher tier through the confirmation page', async ({ page, request, player }) => {
  await subscribeInSandbox(request, player.token, 'captain');
  await signIn(page, player.token);
  await page.goto('/tiers');

  await article(page, 'Admiral').getByRole('button', { name: 'Upgrade' }).click();

  await expect(page.getByRole('heading', { name: 'Change your tier' })).toBeVisible();
  await expect(page.getByText('Captain ($9.99 / month)')).toBeVisible();
  await expect(page.getByText('Admiral ($24.99 / month)')).toBeVisible();
  await page.getByRole('button', { name: /^Pay \$/ }).click();

  const dialog = page.getByRole('dialog', { name: 'Thank you for your support!' });
  await expect(dialog.getByText('Admiral')).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page.getByRole('region', { name: 'Supporter Tier' }).getByText('Admiral')).toBeVisible();
  await page.goto('/tiers');
  await expect(article(page, 'Admiral').getByRole('button', { name: 'Current Tier' })).toBeDisabled();
  await expect(article(page, 'Captain').getByRole('button', { name: 'Downgrade' })).toBeEnabled();
});

test('a supporter cancels from Manage Subscription and keeps the tier to the end of the month', async ({
  page,
  request,
  player,
}) => {
  await subscribeInSandbox(request, player.token, 'cadet');
  await signIn(page, player.token);
  await page.goto('/dashboard');

  await page
    .getByRole('region', { name: 'Supporter Tier' })
    .getByRole('button', { name: 'Manage Subscription' })
    .click();

  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByText('Test mode: no money moves')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page
    .getByRole('alertdialog', { name: 'Cancel subscription' })
    .getByRole('button', { name: 'Cancel subscription' })
    .click();
  await expect(page.getByText(/^Your subscription will end on /)).toBeVisible();
  await expect(page.getByText(/^Ends on /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  const tierCard = page.getByRole('region', { name: 'Supporter Tier' });
  await expect(tierCard.getByText('Cadet')).toBeVisible();
  await expect(tierCard.getByText(/^Ends on /)).toBeVisible();
});
