// Issue 23, rough edges 3, 4 and 5 in Chromium: Link Discord on a server without Discord (a second
// server of the built app started here without the Discord settings, since the suite's server has a
// fake Discord), a hidden Shop tab for a player and for an admin, and the admin users table at 390
// and 1280 px.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { loginAccount, registerAccount, signIn } from '../fixtures/accounts.ts';
import { setVisibleTabs } from '../fixtures/admin.ts';
import { e2eAdmin } from '../playwright.config.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

test.describe('on a server without Discord configured', () => {
  // The suite's ports are E2E_PORT and the three after it; this server takes the next.
  const port = Number(process.env.E2E_PORT) + 4;
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess;
  let dataDir: string;

  test.beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'starport-e2e-no-discord-'));
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('DISCORD_')));
    server = spawn(process.execPath, [path.join(root, 'server', 'dist', 'index.js')], {
      env: {
        ...env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PUBLIC_URL: base,
        ADMIN_EMAIL: e2eAdmin.email,
        ADMIN_PASSWORD: e2eAdmin.password,
        PAYMENTS: 'sandbox',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    await expect
      .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status, { timeout: 30_000 })
      .toBe(200);
  });

  test.afterAll(async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('the Discord card says linking is not available and disables the button; the admin dashboard lists the settings', async ({
    page,
    playwright,
  }) => {
    const request = await playwright.request.newContext({ baseURL: base });
    const player = await registerAccount(request, 'nodiscord');
    const settings = await (await request.get('/api/shop/site-settings')).json();
    expect(settings.discord).toEqual({ linking: false, roles: false });

    await signIn(page, player.token);
    await page.goto(`${base}/dashboard`);
    const card = page.getByRole('region', { name: 'Discord' });
    await expect(card.getByText('Not Linked')).toBeVisible();
    await expect(card.getByText('Discord linking is not available on this server.')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Link Discord' })).toBeDisabled();
    await expect(card.getByRole('button', { name: 'Link Discord' })).toHaveAccessibleDescription(
      'Discord linking is not available on this server.',
    );

    const admin = await page.context().browser()?.newPage();
    if (!admin) throw new Error('no browser');
    await signIn(admin, await loginAccount(request, e2eAdmin.email, e2eAdmin.password));
    await admin.goto(`${base}/admin`);
    const setup = admin.getByRole('region', { name: /Discord is not set up on this server/ });
    await expect(setup).toBeVisible();
    for (const name of ['DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET', 'DISCORD_BOT_TOKEN', 'DISCORD_GUILD_ID']) {
      await expect(setup.locator('code', { hasText: name })).toBeVisible();
    }
    await admin.close();
    await request.dispose();
  });
});

test('a hidden Shop tab leaves a player no link to /shop and shows not found there; an admin sees it with a notice', async ({
  page,
  request,
  browser,
}) => {
  const player = await registerAccount(request, 'noshop');
  await setVisibleTabs(request, { shop: false });
  try {
    await signIn(page, player.token);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${player.username}` })).toBeVisible();
    const quickActions = page.getByRole('region', { name: 'Quick Actions' });
    await expect(quickActions.getByRole('link', { name: /Inventory/ })).toBeVisible();
    await expect(quickActions.getByRole('link', { name: /Shop/ })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Credits' }).getByRole('link', { name: 'Buy Credits' })).toHaveCount(
      0,
    );
    await expect(page.locator('a[href^="/shop"]')).toHaveCount(0);

    for (const address of ['/', '/inventory', '/purchases']) {
      await page.goto(address);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeVisible();
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.locator('a[href^="/shop"]')).toHaveCount(0);
    }

    await page.goto('/shop');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toHaveCount(0);

    const admin = await browser.newPage();
    await signIn(admin, await loginAccount(request, e2eAdmin.email, e2eAdmin.password));
    await admin.goto('/shop');
    await expect(admin.getByRole('status').filter({ hasText: 'Players cannot see this page' })).toBeVisible();
    await expect(admin.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
    await expect(admin.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    await admin.close();
  } finally {
    await setVisibleTabs(request, { shop: true });
  }
});

/** Every input, select and text area on the page has an id, a name and a label (its own or aria-label). */
async function unnamedControls(page: Page) {
  return page.locator('input, select, textarea').evaluateAll((controls) =>
    controls
      .filter((control) => {
        const field = control as HTMLInputElement;
        const labelled = (field.labels?.length ?? 0) > 0 || field.hasAttribute('aria-label');
        return !field.id || !field.name || !labelled;
      })
      .map((control) => control.outerHTML.slice(0, 120)),
  );
}

test.describe('the admin users table', () => {
  test.beforeEach(async ({ page, request }) => {
    // Long names and addresses, as a real community has.
    for (const prefix of ['cassiopeia_fleet_admiral', 'vega_commander_of_the_outer_rim']) {
      await registerAccount(request, prefix);
    }
    await signIn(page, await loginAccount(request, e2eAdmin.email, e2eAdmin.password));
  });

  test('at 1280 px keeps each row on one line, without scrolling sideways, every input named and labelled', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/users');
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('row').nth(3)).toBeVisible();
    const layout = await table.evaluate((element) => {
      const wrap = element.parentElement as HTMLElement;
      const rows = Array.from(element.querySelectorAll('tbody tr')).map((row) => row.getBoundingClientRect().height);
      return { rows, wrapScroll: wrap.scrollWidth, wrapWidth: wrap.clientWidth };
    });
    // Two lines at most (the name over its joining date) and the controls' height: one line a row.
    for (const height of layout.rows) expect(height).toBeLessThanOrEqual(76);
    expect(layout.wrapScroll).toBeLessThanOrEqual(layout.wrapWidth);
    expect(await unnamedControls(page)).toEqual([]);
  });

  test('at 390 px shows stacked cards with nothing beyond the screen, and the actions through a keyboard menu', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/users');
    const table = page.getByRole('table', { name: 'Users' });
    const firstRow = table.locator('tbody tr').first();
    await expect(firstRow).toBeVisible();
    expect(await firstRow.evaluate((row) => getComputedStyle(row).display)).toBe('block');
    expect(await table.locator('thead').evaluate((head) => head.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
    const overflow = await page.evaluate(() => [document.scrollingElement?.scrollWidth ?? 0, window.innerWidth]);
    expect(overflow[0]).toBeLessThanOrEqual(overflow[1] as number);
    expect(await unnamedControls(page)).toEqual([]);

    // The first row's actions menu by keyboard (the suite's other players may push the admin's own
    // row off the first page).
    const actions = firstRow.getByRole('button', { name: /^Actions for / });
    await actions.focus();
    await expect(actions).toHaveAttribute('aria-haspopup', 'menu');
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: /^Deliveries of/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(actions).toBeFocused();
    // The menu stays inside the screen.
    await page.keyboard.press('Enter');
    const box = await page.getByRole('menu').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: /^Deliveries of/ })).toBeVisible();
  });
});
