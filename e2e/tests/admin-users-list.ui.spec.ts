// The admin users screen pages through the server (issue 18): a search narrows the list to the
// players whose name holds it, a page at a time, and "Load more users" adds the next page
// below the first; the count of matches is the server's from the first page.

import { expect } from '@playwright/test';
import { loginAccount, signIn, test } from '../fixtures/accounts.ts';
import { e2eAdmin } from '../playwright.config.ts';

test('an admin searches the users, then loads the next page', async ({ page, request }) => {
  test.setTimeout(120_000);
  // More players under one name than a page holds (50).
  const crew = `fleet${Date.now().toString(36).slice(-5)}`;
  const registered: string[] = [];
  for (let i = 0; i < 53; i++) {
    const username = `${crew}_${String(i).padStart(2, '0')}`;
    const response = await request.post('/api/auth/register', {
      data: { email: `${username}@example.com`, username, password: 'Orbital-Drift-42' },
    });
    expect(response.status(), await response.text()).toBe(201);
    registered.push(username);
  }
  await signIn(page, await loginAccount(request, e2eAdmin.email, e2eAdmin.password));
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();

  await page.getByLabel('Search users').fill(crew.toUpperCase());
  const rows = page.getByRole('rowheader');
  await expect(rows).toHaveCount(50);
  // The server counts every match on the first page (up to 1,000), not only those shown.
  await expect(page.getByText('53 matching')).toBeVisible();
  // Newest first: the last to join leads.
  await expect(rows.first()).toContainText(registered[52] as string);

  await page.getByRole('button', { name: 'Load more users' }).click();
  await expect(rows).toHaveCount(53);
  await expect(rows.last()).toContainText(registered[0] as string);
  await expect(page.getByRole('button', { name: 'Load more users' })).toHaveCount(0);
  await expect(page.getByText('53 matching')).toBeVisible();

  // Oldest first, through the sort control.
  await page.getByLabel('Sort').selectOption({ label: 'Oldest first' });
  await expect(rows.first()).toContainText(registered[0] as string);
});
