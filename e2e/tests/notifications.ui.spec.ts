// The notification bell in Chromium (issue 20): a player's page shows the count go up without a reload
// when an administrator mails them items from the admin screen in another browser, the list opens
// with the notice, and the count goes to 0; at a phone's width and a desktop's, screenshots taken
// with the list open. The bell's code comes after the page's (only a signed-in player needs it), and
// the header does not move when it arrives.
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

for (const { width, height } of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${width} px, the header holds the bell's place until its code arrives, and nothing in it moves`, async ({
    page,
    player,
  }, testInfo) => {
    // The bell's chunk held back until the header has been measured without it.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/notification-bell-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.setViewportSize({ width, height });
    await signIn(page, player.token);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${player.username}`);

    const header = page.locator('.site-header');
    const placeholder = page.locator('.bell-placeholder');
    await expect(placeholder).toBeVisible();
    await expect(bell(page)).toHaveCount(0);
    const boxes = () =>
      header.evaluate((element) =>
        Array.from(element.querySelectorAll('.brand, .nav-balance, .bell, .nav-toggle, .nav-link, .nav-account'))
          .filter((child) => child.getClientRects().length > 0)
          .map((child) => {
            const { x, y, width, height } = child.getBoundingClientRect();
            return { element: child.className, x, y, width, height };
          }),
      );
    const before = { header: await header.boundingBox(), parts: await boxes() };
    expect(before.parts.map((part) => part.element)).toContain('bell');
    await page.screenshot({ path: path.join(testInfo.outputDir, `bell-placeholder-${width}.png`) });

    release();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread');
    await expect(placeholder).toHaveCount(0);
    expect({ header: await header.boundingBox(), parts: await boxes() }).toEqual(before);
  });
}
