// Linking Discord in Chromium: through the fake Discord's authorise page and back to the dashboard,
// then unlinking with the spec's confirmation.

import { expect, signIn, test } from '../fixtures/accounts.ts';
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
