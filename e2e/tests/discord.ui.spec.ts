// Linking Discord in Chromium: through the fake Discord's authorise page and back to the dashboard,
// then unlinking with the spec's confirmation.

import { expect, signIn, test } from '../fixtures/accounts.ts';
import { setVisibleTabs } from '../fixtures/admin.ts';
import { shootWidths } from '../fixtures/screenshots.ts';
import { e2eDiscord } from '../playwright.config.ts';

test('a player links Discord through its authorise page, sees the name, then unlinks after confirming', async ({
  page,
  player,
}) => {
  await signIn(page, player.token);
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Discord' });
  await expect(card.getByText('Not Linked')).toBeVisible();

  await card.getByRole('button', { name: 'Link Discord' }).click();
  await expect(page).toHaveURL(new RegExp(`^${e2eDiscord.origin}/oauth2/authorize`));
  await expect(page.getByRole('heading', { name: 'Authorize Starport' })).toBeVisible();
  await page.getByRole('link', { name: 'Authorize' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Discord linked successfully!')).toBeVisible();
  await expect(card.getByText(e2eDiscord.username)).toBeVisible();

  await card.getByRole('button', { name: 'Unlink Discord' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Are you sure you want to unlink your Discord account?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Unlink' }).click();
  await expect(page.getByText('Discord account unlinked successfully')).toBeVisible();
  await expect(card.getByText('Not Linked')).toBeVisible();

  const me = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${player.token}` } });
  expect(((await me.json()) as { user: { discordId: string | null } }).user.discordId).toBeNull();
});

test('cancelling on Discord comes back with the reason', async ({ page, player }) => {
  await signIn(page, player.token);
  await page.goto('/dashboard');
  await page.getByRole('region', { name: 'Discord' }).getByRole('button', { name: 'Link Discord' }).click();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByText('Discord linking failed: you cancelled on Discord')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('with the dashboard hidden, a link started from the thank-you modal comes back home and says it worked', async ({
  page,
  player,
  request,
}) => {
  await setVisibleTabs(request, { dashboard: false });
  try {
    await signIn(page, player.token);
    // Where the thank-you modal's Link Discord Account button goes.
    await page.goto('/api/discord/auth');
    await expect(page).toHaveURL(new RegExp(`^${e2eDiscord.origin}/oauth2/authorize`));
    await page.getByRole('link', { name: 'Authorize' }).click();

    await expect(page.getByText('Discord linked successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Build an empire among the stars');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/');
    await shootWidths(page, 'discord-linked-home');

    // And a failure says why, on the same page.
    await page.request.post('/api/discord/unlink', { headers: { Authorization: `Bearer ${player.token}` } });
    await page.goto('/api/discord/auth');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByText('Discord linking failed: you cancelled on Discord')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
  } finally {
    await setVisibleTabs(request, { dashboard: true });
  }
});
