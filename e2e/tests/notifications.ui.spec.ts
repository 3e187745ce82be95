// The notification bell in Chromium (issue 20): a player's page shows the count go up without a reload
// when an administrator mails them items from the admin screen in another browser, the list opens
// with the notice, and the count goes to 0; at a phone's width and a desktop's, screenshots taken
// with the list open.
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { loginAccount, registerAccount, signIn, test } from '../fixtures/accounts.ts';
import { chooseRowAction } from '../fixtures/admin.ts';
import { e2eAdmin } from '../playwright.config.ts';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, \d+ unread$/ });

async function mailFromAdminScreen(page: Page, request: APIRequestContext, username: string, relic: string) {
  await signIn(page, await loginAccount(request, e2eAdmin.email, e2eAdmin.password));
  await page.goto('/admin/users');
  await page.getByLabel('Search users').fill(username);
  await expect(page.getByText(/·\s*1\s*matching/)).toBeVisible();
  await chooseRowAction(page, username, `Send mail to ${username}`);
  const form = page.getByRole('form', { name: `Send mail to ${username}` });
  await form.getByLabel('Item name').fill(relic);
  await form.getByLabel('Quantity').fill('2');
  await form.getByRole('button', { name: 'Add Item' }).click();
  await form.getByLabel('Subject').fill('Welcome to the fleet');
  await form.getByLabel('Message').fill('A relic for your hangar.');
  await form.getByRole('button', { name: 'Send Mail' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Mail sent to ${username}!` })).toBeVisible();
}

for (const { name, width, height } of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`on a ${name}, the bell counts items an admin mails without a reload, and opening it reads them`, async ({
    browser,
    page,
    request,
  }, testInfo) => {
    // Two browsers and the admin's users screen on a shared machine: more than the default 30 s.
    test.setTimeout(90_000);
    const player = await registerAccount(request, 'bell');
    const relic = `E2E Beacon ${Date.now().toString(36)}`;
    await page.setViewportSize({ width, height });
    await signIn(page, player.token);
    await page.goto('/dashboard');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread');

    const adminContext = await browser.newContext();
    try {
      await mailFromAdminScreen(await adminContext.newPage(), request, player.username, relic);
    } finally {
      await adminContext.close();
    }

    // No reload: the stream told the page.
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await expect(bell(page)).toHaveText('1');

    await bell(page).click();
    const list = page.getByRole('region', { name: 'Your notifications' });
    await expect(list.getByRole('listitem')).toHaveText([
      `Admin mailed you 2 × ${relic}: Welcome to the fleetjust now`,
    ]);
    await expect(list.getByRole('listitem').locator('time')).toHaveText('just now');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread');
    await expect(list).toBeInViewport();
    await page.screenshot({ path: path.join(testInfo.outputDir, `bell-open-${width}.png`) });

    // Closed with Escape, the count stays 0 after a reload: they were marked read on the server.
    await page.keyboard.press('Escape');
    await expect(list).toHaveCount(0);
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread');
  });
}
