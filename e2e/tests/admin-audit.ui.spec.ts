// The audit log screen (issue 18): an admin finds a player by the middle of their name, changes
// their credits, and the change is at the top of the Audit log, in words, with the player and what
// changed; the filter by action and the search by target narrow the log to it.

import { expect } from '@playwright/test';
import { loginAccount, registerAccount, signIn, test } from '../fixtures/accounts.ts';
import { e2eAdmin } from '../playwright.config.ts';

test('an admin change appears at the top of the audit log', async ({ page, request }) => {
  const player = await registerAccount(request, 'crew');
  await signIn(page, await loginAccount(request, e2eAdmin.email, e2eAdmin.password));
  // The log first, so the screen has to show the change made after it was read.
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
  // The middle of the name: "crew_<tag>" found by "ew_<tag>".
  await page.getByLabel('Search users').fill(player.username.slice(2).toUpperCase());
  const row = page.getByRole('row').filter({ hasText: player.email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Edit credits of ${player.username}` }).click();
  const prompt = page.getByRole('dialog', { name: 'Edit Credits' });
  await prompt.getByLabel(`New credit balance for ${player.username}`).fill('4242');
  await prompt.getByRole('button', { name: 'Save Credits' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Credits updated successfully!' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
  const first = page.getByRole('row').nth(1);
  await expect(first.getByRole('rowheader')).toHaveText("Set a player's credits");
  await expect(first).toContainText(player.username);
  await expect(first).toContainText('credits: 0 → 4242');

  await page.getByLabel('Action').selectOption({ label: "Set a player's credits" });
  await page.getByLabel('Search by admin or target').fill(player.username);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText('credits: 0 → 4242');
});
