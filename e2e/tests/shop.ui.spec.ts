// The catalogue journeys of issue 3 in Chromium against the real server and its seeded catalogue:
// buying with credits, the inventory, the tiers page's labels and hidden navigation tabs.

import { expect, type Page } from '@playwright/test';
import { signIn, test } from '../fixtures/accounts.ts';
import { setCredits, setTierBySlug, setVisibleTabs } from '../fixtures/admin.ts';

const shopCard = (page: Page, name: string) => page.getByRole('article', { name });
const tierCard = (page: Page, name: string) => page.getByRole('article', { name });

test('a player buys a ship with credits, sees the toast and the lower balance, and finds it Pending', async ({
  page,
  request,
  player,
}) => {
  await setCredits(request, player.id, 500);
  await signIn(page, player.token);
  await page.goto('/shop');

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText('500 credits')).toBeVisible();
  const corvette = shopCard(page, 'Scout Corvette');
  await corvette.getByRole('button', { name: 'Buy with Credits' }).click();

  await expect(page.getByText('Purchase successful!')).toBeVisible();
  await expect(nav.getByText('200 credits')).toBeVisible();
  // The balance the shop shows follows too, and a dearer item now says why it cannot be bought.
  await expect(
    shopCard(page, 'Pulse Laser Array').getByRole('button', { name: 'Insufficient Credits' }),
  ).toBeDisabled();

  await nav.getByRole('link', { name: 'Inventory' }).click();
  await expect(page).toHaveURL(/\/inventory$/);
  const entry = page.getByRole('article', { name: 'Scout Corvette' });
  await expect(entry).toBeVisible();
  await expect(entry.getByText('Pending')).toBeVisible();
  await expect(entry.getByText('credit purchase')).toBeVisible();
  await expect(entry.getByText(/Trade locked until/)).toBeVisible();

  // The server agrees: one entry, 200 credits left.
  const inventory = await request.get('/api/shop/user/inventory', {
    headers: { Authorization: `Bearer ${player.token}` },
  });
  const body = (await inventory.json()) as { inventory: { shopItem: { name: string }; deliveredToGame: boolean }[] };
  expect(body.inventory.map((e) => [e.shopItem.name, e.deliveredToGame])).toEqual([['Scout Corvette', false]]);
});

test('a player without enough credits sees "Insufficient Credits", disabled', async ({ page, request, player }) => {
  await setCredits(request, player.id, 100);
  await signIn(page, player.token);
  await page.goto('/shop');

  const dreadnought = shopCard(page, 'Leviathan Dreadnought');
  const refused = dreadnought.getByRole('button', { name: 'Insufficient Credits' });
  await expect(refused).toBeVisible();
  await expect(refused).toBeDisabled();
  // 100 credits buy the 100-credit fuel cells, so the rule is the price, not the player.
  await expect(shopCard(page, 'Warp Fuel Cells').getByRole('button', { name: 'Buy with Credits' })).toBeEnabled();
});

test('the tiers page labels every button Subscribe for a visitor and asks them to log in', async ({ page }) => {
  await page.goto('/tiers');
  await expect(page.getByRole('heading', { name: 'Support', level: 1 })).toBeVisible();
  for (const name of ['Cadet', 'Captain', 'Admiral']) {
    await expect(tierCard(page, name).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  }
  await expect(tierCard(page, 'Captain').getByText('Most Popular')).toBeVisible();
  await expect(page.getByText('Your Current Tier')).toHaveCount(0);

  await tierCard(page, 'Admiral').getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Please log in to subscribe')).toBeVisible();
  await expect(page).toHaveURL(/\/tiers$/);
});

test('a player holding the middle tier sees Downgrade, Current Tier and Upgrade', async ({ page, request, player }) => {
  await setTierBySlug(request, player.id, 'captain');
  await signIn(page, player.token);
  await page.goto('/tiers');

  await expect(tierCard(page, 'Cadet').getByRole('button', { name: 'Downgrade' })).toBeEnabled();
  const current = tierCard(page, 'Captain').getByRole('button', { name: 'Current Tier' });
  await expect(current).toBeDisabled();
  await expect(tierCard(page, 'Captain').getByText('Your Current Tier')).toBeVisible();
  await expect(tierCard(page, 'Captain').getByText('Most Popular')).toBeVisible();
  await expect(tierCard(page, 'Admiral').getByRole('button', { name: 'Upgrade' })).toBeEnabled();

  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Supporter Tier' }).getByText('Captain')).toBeVisible();
});

test('a tab hidden in the site settings disappears from the navigation bar and the dashboard', async ({
  page,
  request,
  player,
}) => {
  await signIn(page, player.token);
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const quickActions = page.getByRole('region', { name: 'Quick Actions' });
  await expect(nav.getByRole('link', { name: 'Leaderboard' })).toBeVisible();
  await expect(quickActions.getByRole('link', { name: /Leaderboard/ })).toBeVisible();

  await setVisibleTabs(request, { leaderboard: false });
  try {
    await page.reload();
    await expect(nav.getByRole('link', { name: 'Shop' })).toBeVisible();
    await expect(quickActions.getByRole('link', { name: /Shop/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Leaderboard' })).toHaveCount(0);
    await expect(quickActions.getByRole('link', { name: /Leaderboard/ })).toHaveCount(0);
  } finally {
    await setVisibleTabs(request, { leaderboard: true });
  }
});
