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
import { setAdmin, setCredits, setVisibleTabs } from '../fixtures/admin.ts';
import { shootWidths } from '../fixtures/screenshots.ts';
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

test('a direct visit to a hidden page shows a player none of it while the settings are slow, then not found', async ({
  page,
  request,
}) => {
  const player = await registerAccount(request, 'slowshop');
  await setVisibleTabs(request, { shop: false });
  try {
    await signIn(page, player.token);
    // From the page's first byte on, every moment a shop card or the shop's own heading is in the
    // document is written down (a flash between two checks of the test would still be caught).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { shopSeen: string[] }).shopSeen = seen;
      new MutationObserver(() => {
        const card = document.querySelector('.shop-card, main [role="article"], main article');
        if (card) seen.push(card.outerHTML.slice(0, 80));
      }).observe(document, { childList: true, subtree: true });
    });
    let answered = false;
    await page.route('**/api/shop/site-settings', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      answered = true;
      await route.continue();
    });

    await page.goto('/shop');
    // Before the answer: the shell (its heading and skeleton), nothing of the shop's data.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText(player.username)).toBeVisible();
    expect(answered).toBe(false);
    await expect(page.getByRole('status').filter({ hasText: 'Loading the shop...' })).toBeVisible();
    await shootWidths(page, 'hidden-shop-before-settings');

    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(answered).toBe(true);
    await shootWidths(page, 'hidden-shop-not-found');
    // The shop's own reads begin with its code, before the settings answer (components/use-loaded.ts):
    // the public catalogue may be fetched, but none of it is ever drawn.
    expect(await page.evaluate(() => (window as unknown as { shopSeen: string[] }).shopSeen)).toEqual([]);
    await expect(page.getByRole('article')).toHaveCount(0);
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
    // Long names and addresses and big balances, as a real community has.
    for (const prefix of ['cassiopeia_fleet_admiral', 'vega_commander_of_the_outer_rim']) {
      const account = await registerAccount(request, prefix);
      await setCredits(request, account.id, 1_000_000_000);
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

  test("a player's and an administrator's tabs and account area keep to one line at 1280 and 1440 px", async ({
    browser,
    request,
  }) => {
    // A 20-character name and a billion credits: the account area at its widest.
    const wide = await registerAccount(request, 'fleet_admiral_of_the_outer_rim');
    await setCredits(request, wide.id, 1_000_000_000);
    const page = await browser.newPage();
    await signIn(page, wide.token);
    /** The bar at each width: every tab on one line; the Purchases icon where there is room for it. */
    const oneLine = async (path: string, purchasesAt: number[]) => {
      for (const width of [1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        const tabs = page.locator('.nav-links a');
        await expect(tabs.filter({ hasText: 'Leaderboard' })).toBeVisible();
        // (Other tests may hide a tab meanwhile: the count is not asserted, only the one line.)
        const tops = await tabs.evaluateAll((links) =>
          links.map((link) => Math.round(link.getBoundingClientRect().top)),
        );
        expect(tops.length, `tabs at ${width} px`).toBeGreaterThanOrEqual(7);
        expect(new Set(tops).size, `tabs on one line at ${width} px: ${tops}`).toBe(1);
        const purchases = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Purchases' });
        await expect(purchases).toBeVisible({ visible: purchasesAt.includes(width) });
      }
    };
    await oneLine('/dashboard', [1280, 1440]);
    await setAdmin(request, wide.id, true);
    // An administrator has a ninth tab: below 1440 px the dashboard's Purchases link stands in for the icon.
    await oneLine('/admin/users', [1440]);
    await expect(page.locator('.nav-links a').filter({ hasText: 'Admin' })).toBeVisible();
    await page.close();
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
