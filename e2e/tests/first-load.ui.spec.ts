// The first load on a phone (issue 18): each page's HTML already draws its frame (header, heading,
// skeletons) before any script runs, and holds no data; with scripts, the page mounts over it
// without admin code and without a Content-Security-Policy complaint in the console, zod's included.
// A page whose content comes in shorter than its skeleton moves nothing: the footer waits below the first screen.

import type { APIRequestContext, ConsoleMessage, Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures/accounts.ts';
import { recordCspViolations } from '../fixtures/csp.ts';

/** Each page with a prerendered shell, and what its shell says before the page's code runs. */
const shells = [
  { path: '/', heading: 'Build an empire among the stars' },
  { path: '/shop', heading: 'Shop' },
  { path: '/tiers', heading: 'Support' },
  { path: '/login', heading: 'Welcome back' },
  { path: '/register', heading: 'Create your account' },
  { path: '/dashboard', heading: null, lead: /Your command deck/ },
  { path: '/inventory', heading: 'Inventory' },
];

test.describe('the HTML alone (no scripts)', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  for (const shell of shells) {
    test(`${shell.path} shows the header, its heading and skeletons, and no data`, async ({ page }) => {
      await page.goto(shell.path);

      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Starport' })).toBeVisible();
      if (shell.heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(shell.heading);
      if (shell.lead) await expect(page.getByText(shell.lead)).toBeVisible();
      await expect(page.getByRole('status')).toHaveText(/Loading/);
      // The seeded catalogue and tiers are data: none of it is in a shell.
      const html = await page.content();
      for (const data of ['Scout Corvette', '2,500 Credits', 'Admiral', 'credits</span>']) {
        expect(html, `${shell.path} holds no ${data}`).not.toContain(data);
      }
    });
  }

  test("a page with no shell of its own, and an unknown address, show the layout and Loading, never the home page's", async ({
    page,
  }) => {
    for (const path of ['/purchases', '/purchases/abc/receipt', '/updates', '/updates/some-post', '/no/such/page']) {
      await page.goto(path);
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Starport' }),
      ).toBeVisible();
      await expect(page.getByRole('status'), path).toHaveText(/Loading/);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(0);
      expect(await page.content(), path).not.toContain('Build an empire among the stars');
    }
  });
});

/** The scripts the HTML at `path` preloads. */
async function preloads(request: APIRequestContext, path: string): Promise<string[]> {
  const html = await (await request.get(path)).text();
  return [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map((match) => match[1] ?? '');
}

test("every page's HTML preloads React DOM's renderer, which the entry imports once it has begun the first reads", async ({
  request,
}) => {
  // Without the preload, the renderer would be asked for only once the entry has run: a round trip
  // more before the page is drawn.
  for (const path of [...shells.map((shell) => shell.path), '/purchases', '/no/such/page']) {
    expect(
      (await preloads(request, path)).filter((file) => /\/render-app-[\w-]+\.js$/.test(file)),
      path,
    ).toHaveLength(1);
  }
});

test("a signed-in player's page preloads the notification bell; a guest's page does not", async ({ request }) => {
  // The bell is asked for only once the session check answers: the HTML of a page only a signed-in
  // player sees starts fetching it with the page's own chunk, one round trip earlier.
  for (const path of ['/dashboard', '/inventory', '/account']) {
    expect(
      (await preloads(request, path)).filter((file) => /\/notification-bell-[\w-]+\.js$/.test(file)),
      path,
    ).toHaveLength(1);
  }
  for (const path of ['/', '/shop', '/tiers', '/login']) {
    expect(
      (await preloads(request, path)).filter((file) => /notification-bell/.test(file)),
      path,
    ).toEqual([]);
  }
});

/** The console's errors while `visit` runs (CSP refusals are reported there). */
async function consoleErrors(page: Page, visit: () => Promise<void>): Promise<string[]> {
  const errors: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  };
  page.on('console', onConsole);
  page.on('pageerror', (error) => errors.push(error.message));
  await visit();
  page.off('console', onConsole);
  return errors;
}

test('a first visit loads no admin code on any player page', async ({ page, player }) => {
  // A signed-in page keeps the notification stream open, so the network is never idle: the stream is
  // refused here (the page falls back to polling) so that networkidle means every chunk has loaded.
  await page.route('**/api/notifications/stream', (route) => route.abort());
  await signIn(page, player.token);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  for (const shell of shells) {
    await page.goto(shell.path);
    await page.waitForLoadState('networkidle');
  }

  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => /admin/i.test(script))).toEqual([]);
});

test('the register form validates with zod without a Content-Security-Policy error', async ({ page }) => {
  const refusals = await recordCspViolations(page);
  const errors = await consoleErrors(page, async () => {
    await page.goto('/register');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('abc');
    await password.blur();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
  });

  expect(errors).toEqual([]);
  // A refused eval that zod caught reaches no console: the page's own event tells.
  expect(await refusals()).toEqual([]);
});

test('the shell stays in place until the data comes, then the page takes its place', async ({ page }) => {
  // The API held back: the page's code runs, its data does not come.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked: () => void = () => {};
  const requested = new Promise<void>((resolve) => {
    asked = resolve;
  });
  await page.route('**/api/shop/items', async (route) => {
    asked();
    await held;
    await route.continue();
  });
  await page.goto('/shop');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop');
  await expect(page.getByRole('status')).toHaveText('Loading the shop...');
  // Measured once React has put its own skeleton in place of the prerendered one (measured during
  // that swap, the old one was already gone): the page asks for the items before it renders.
  await requested;
  await expect
    .poll(() =>
      page
        .locator('.shop-grid')
        .first()
        .evaluate((grid) => Object.keys(grid).some((key) => key.startsWith('__reactFiber'))),
    )
    .toBe(true);
  const skeleton = await page.locator('.shop-grid').first().boundingBox();
  expect(skeleton).not.toBeNull();

  release();
  await expect(page.getByRole('article', { name: 'Scout Corvette' })).toBeVisible();
  const grid = await page.locator('.shop-grid').first().boundingBox();
  // The grid starts where the skeleton's did: nothing above it moved.
  expect(grid?.y).toBe(skeleton?.y);
});

test("a signed-in page's data is asked for beside the session check, not after its answer", async ({
  page,
  player,
}) => {
  await signIn(page, player.token);
  // The session check held unanswered: the page's own read goes out meanwhile.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/auth/me', async (route) => {
    await held;
    await route.continue();
  });
  const inventoryReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/shop/user/inventory') inventoryReads.push(request.url());
  });
  await page.goto('/inventory');
  await expect.poll(() => inventoryReads.length).toBe(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inventory');

  release();
  await expect(page.getByText('Your inventory is empty')).toBeVisible();
  // The page drew the answer it found rather than asking again.
  expect(inventoryReads).toHaveLength(1);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px, a new player's empty pages come in without moving anything, the footer below the first screen`, async ({
    page,
    player,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, player.token);
    // Every layout shift from the first paint on, as the browser counts them for CLS.
    await page.addInitScript(() => {
      const shifts: string[] = [];
      (window as unknown as { shifts: string[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[]) {
          shifts.push(`${entry.value.toFixed(3)} ${entry.sources.map((s) => s.node?.nodeName).join(', ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });

    for (const { path, empty } of [
      { path: '/inventory', empty: 'Your inventory is empty' },
      { path: '/purchases', empty: 'You have not bought anything yet.' },
    ]) {
      await page.goto(path);
      await expect(page.getByText(empty)).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts), path).toEqual([]);
      // Shorter than its skeleton, the page still fills the screen: the footer waits below it.
      const footer = await page.locator('.site-footer').boundingBox();
      expect(footer?.y).toBeGreaterThanOrEqual(viewport.height);
    }
  });
}
