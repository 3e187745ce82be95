// Accessibility of every screen (issue 23): axe (@axe-core/playwright, every rule, any impact) and
// the text contrast measured on the pixels (fixtures/contrast.ts: axe leaves contrast on gradients
// "incomplete"), on every page of the site's router (routes.tsx) and of the admin panel's tabs
// (packages/ui/src/admin/admin-app.tsx), and on every dialog opened from them, at a phone's width
// (390 px) and a desktop's (1280 px). One list of pages and one of dialogs: a new screen is one more
// entry. Pages' pixels are measured at 1280 px, dialogs' at both widths. What each needs (a signed-in player or admin, a purchase, a post) is made once through the
// API in beforeAll; each role signs in once per width, and its one tab goes from screen to screen.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { type Account, loginAccount, registerAccount } from '../fixtures/accounts.ts';
import { chooseRowAction, mailItems, setCredits } from '../fixtures/admin.ts';
import { lowContrastText } from '../fixtures/contrast.ts';
import { subscribeInSandbox } from '../fixtures/payments.ts';
import { e2eAdmin } from '../playwright.config.ts';

type Role = 'guest' | 'player' | 'subscriber' | 'admin';

/** What the screens need, made through the API before the first one. */
interface Seed {
  player: Account;
  subscriber: Account;
  adminToken: string;
  /** A published news post's slug. */
  updateSlug: string;
  /** The player's card order: paid (its receipt, the admin's payment page) and one left open (checkout). */
  paidOrderId: string;
  openOrderId: string;
  paymentId: string;
}

interface Screen {
  name: string;
  role: Role;
  path: string | ((seed: Seed) => string);
  /** What shows once the page has its data, when the heading alone does not say so. */
  ready?: (page: Page, seed: Seed) => Promise<void>;
}

interface DialogCase {
  name: string;
  role: Role;
  path: string | ((seed: Seed) => string);
  /** Opens the dialog from the page at `path` and answers it. */
  open: (page: Page, seed: Seed) => Promise<Locator>;
}

const widths = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const alertDialog = (page: Page, name: string | RegExp) => page.getByRole('alertdialog', { name });
const button = (page: Page | Locator, name: string | RegExp) => page.getByRole('button', { name });
/** A row's action: through its actions menu where the table has one, else its own button ("Delete NAME"). */
async function rowAction(page: Page, rowName: string, action: string): Promise<void> {
  const menu = button(page, `Actions for ${rowName}`);
  if ((await menu.count()) > 0) await chooseRowAction(page, rowName, action);
  else await button(page, `${action} ${rowName}`).click();
}
/** The admin users screen narrowed to one player, whose row actions open the dialogs. */
async function findUser(page: Page, username: string): Promise<void> {
  await page.getByLabel('Search users').fill(username);
  await expect(page.getByText(username).first()).toBeVisible();
}
/** Makes a game server key on its screen: the dialog that shows its secret once. */
async function newGameServerKey(page: Page): Promise<Locator> {
  await page.getByLabel('Game server name').fill(`axe-${Date.now().toString(36)}`);
  await button(page, /Create|Add|New/)
    .first()
    .click();
  return page.getByRole('dialog');
}
const shopCard = (page: Page, name: string) => page.getByRole('article', { name });

const pages: Screen[] = [
  // Anyone (routes.tsx, outside RequireUser).
  { name: 'home', role: 'guest', path: '/' },
  { name: 'login', role: 'guest', path: '/login' },
  { name: 'register', role: 'guest', path: '/register' },
  { name: 'forgot password', role: 'guest', path: '/forgot-password' },
  { name: 'reset password (no token)', role: 'guest', path: '/reset-password' },
  { name: 'verify email (no token)', role: 'guest', path: '/verify-email' },
  { name: 'tiers', role: 'guest', path: '/tiers' },
  { name: 'shop', role: 'guest', path: '/shop', ready: (page) => expect(page.locator('.shop-grid')).toBeVisible() },
  { name: 'leaderboard', role: 'guest', path: '/leaderboard' },
  { name: 'updates', role: 'guest', path: '/updates' },
  { name: 'update post', role: 'guest', path: (seed) => `/updates/${seed.updateSlug}` },
  { name: 'account deleted', role: 'guest', path: '/account-deleted' },
  { name: 'not found', role: 'guest', path: '/no-such-page' },
  // A signed-in player (RequireUser).
  { name: 'home (signed in)', role: 'player', path: '/' },
  { name: 'tiers (signed in)', role: 'player', path: '/tiers' },
  {
    name: 'shop (signed in)',
    role: 'player',
    path: '/shop',
    ready: (page) => expect(page.locator('.shop-grid')).toBeVisible(),
  },
  { name: 'dashboard', role: 'player', path: '/dashboard' },
  { name: 'inventory', role: 'player', path: '/inventory' },
  { name: 'trade', role: 'player', path: '/trade' },
  { name: 'account', role: 'player', path: '/account' },
  { name: 'purchases', role: 'player', path: '/purchases' },
  { name: 'receipt', role: 'player', path: (seed) => `/purchases/${seed.paidOrderId}/receipt` },
  { name: 'checkout (sandbox)', role: 'player', path: (seed) => `/checkout/${seed.openOrderId}` },
  { name: 'billing', role: 'subscriber', path: '/billing' },
  { name: 'dashboard (subscriber)', role: 'subscriber', path: '/dashboard' },
  // Not /discord/connect: it only passes the browser on to Discord's own page.
  // The admin panel's tabs (admin-app.tsx's adminTabs) and a payment's page.
  { name: 'admin dashboard', role: 'admin', path: '/admin' },
  { name: 'admin tiers', role: 'admin', path: '/admin/tiers' },
  { name: 'admin shop items', role: 'admin', path: '/admin/shop' },
  { name: 'admin categories', role: 'admin', path: '/admin/categories' },
  { name: 'admin users', role: 'admin', path: '/admin/users' },
  { name: 'admin site settings', role: 'admin', path: '/admin/settings' },
  { name: 'admin updates', role: 'admin', path: '/admin/updates' },
  { name: 'admin payments', role: 'admin', path: '/admin/payments' },
  { name: 'admin payment', role: 'admin', path: (seed) => `/admin/payments/${seed.paymentId}` },
  { name: 'admin game servers', role: 'admin', path: '/admin/game-servers' },
  { name: 'admin leaderboard', role: 'admin', path: '/admin/leaderboard' },
  { name: 'admin sales', role: 'admin', path: '/admin/sales' },
  { name: 'admin coupons', role: 'admin', path: '/admin/coupons' },
  { name: 'admin credit codes', role: 'admin', path: '/admin/credit-codes' },
  { name: 'admin audit log', role: 'admin', path: '/admin/audit' },
  { name: 'admin not found', role: 'admin', path: '/admin/no-such-screen' },
];

/** Every use of Dialog and ConfirmDialog (packages/ui/src/dialog), opened as a user would. */
const dialogs: DialogCase[] = [
  // The site.
  {
    name: 'buy with a coupon',
    role: 'player',
    path: '/shop',
    async open(page) {
      await button(shopCard(page, 'Vanguard Interceptor'), /with a coupon code/).click();
      return dialog(page, 'Buy Vanguard Interceptor with a coupon');
    },
  },
  {
    name: 'buy for a friend',
    role: 'player',
    path: '/shop',
    async open(page) {
      await button(shopCard(page, 'Vanguard Interceptor'), 'Buy Vanguard Interceptor for a friend').click();
      return dialog(page, /Vanguard Interceptor/);
    },
  },
  {
    name: 'subscribe with a coupon',
    role: 'player',
    path: '/tiers',
    async open(page) {
      await button(page, 'Have a coupon code for Captain?').click();
      return dialog(page, 'Subscribe to Captain with a coupon');
    },
  },
  {
    name: 'gift a tier',
    role: 'player',
    path: '/tiers',
    async open(page) {
      await page.getByRole('article', { name: 'Captain' }).getByRole('button', { name: /^Gift/ }).click();
      return dialog(page, /Captain/);
    },
  },
  {
    name: 'thank you for subscribing',
    role: 'subscriber',
    path: '/tiers?subscription=success',
    open: async (page) => page.getByRole('dialog'),
  },
  {
    name: 'gift an item',
    role: 'player',
    path: '/inventory',
    async open(page) {
      // The card order's entry is trade-locked: its Gift is aria-disabled; the mailed one's is not.
      await page
        .locator('button:not([aria-disabled="true"])', { hasText: /^Gift$/ })
        .first()
        .click();
      return dialog(page, /^Gift /);
    },
  },
  {
    name: 'delete account',
    role: 'player',
    path: '/account',
    async open(page) {
      await button(page, 'Delete account').click();
      return dialog(page, 'Delete your account?');
    },
  },
  {
    name: 'cancel subscription',
    role: 'subscriber',
    path: '/billing',
    async open(page) {
      await button(page, 'Cancel subscription').click();
      return alertDialog(page, 'Cancel subscription');
    },
  },
  // The admin panel.
  {
    name: 'admin create tier',
    role: 'admin',
    path: '/admin/tiers',
    async open(page) {
      await button(page, '+ Create Tier').click();
      return dialog(page, 'Create Tier');
    },
  },
  {
    name: 'admin delete tier',
    role: 'admin',
    path: '/admin/tiers',
    async open(page) {
      await button(page, /^Delete /)
        .first()
        .click();
      return alertDialog(page, 'Delete Tier');
    },
  },
  {
    name: 'admin create item',
    role: 'admin',
    path: '/admin/shop',
    async open(page) {
      await button(page, '+ Create Item').click();
      return dialog(page, 'Create Shop Item');
    },
  },
  {
    name: 'admin choose image',
    role: 'admin',
    path: '/admin/shop',
    async open(page) {
      await button(page, '+ Create Item').click();
      await button(dialog(page, 'Create Shop Item'), 'Choose image').click();
      return dialog(page, 'Choose Image');
    },
  },
  {
    name: 'admin delete item',
    role: 'admin',
    path: '/admin/shop',
    async open(page) {
      await rowAction(page, 'Scout Corvette', 'Delete');
      return alertDialog(page, 'Delete Shop Item');
    },
  },
  {
    name: 'admin delete image',
    role: 'admin',
    path: '/admin/shop',
    async open(page) {
      await button(page, '+ Create Item').click();
      await button(dialog(page, 'Create Shop Item'), 'Choose image').click();
      await button(dialog(page, 'Choose Image'), /^Delete /)
        .first()
        .click();
      return alertDialog(page, 'Delete Image');
    },
  },
  {
    name: 'admin delete category',
    role: 'admin',
    path: '/admin/categories',
    async open(page) {
      await rowAction(page, 'Credits', 'Delete');
      return alertDialog(page, 'Delete Category');
    },
  },
  {
    name: 'admin delete update',
    role: 'admin',
    path: '/admin/updates',
    async open(page) {
      await rowAction(page, 'Axe patrol', 'Delete');
      return alertDialog(page, 'Delete Update');
    },
  },
  {
    name: 'admin add category',
    role: 'admin',
    path: '/admin/categories',
    async open(page) {
      await button(page, '+ Add Category').click();
      return dialog(page, 'Add Category');
    },
  },
  {
    name: 'admin edit credits',
    role: 'admin',
    path: '/admin/users',
    async open(page, seed) {
      await findUser(page, seed.player.username);
      await button(page, `Edit credits of ${seed.player.username}`).click();
      return dialog(page, 'Edit Credits');
    },
  },
  // Send mail is a form in the user's row, not a dialog: the page's check covers it.
  {
    name: 'admin deliveries',
    role: 'admin',
    path: '/admin/users',
    async open(page, seed) {
      await findUser(page, seed.player.username);
      await chooseRowAction(page, seed.player.username, 'Deliveries');
      return page.getByRole('dialog');
    },
  },
  {
    name: 'admin credit history',
    role: 'admin',
    path: '/admin/users',
    async open(page, seed) {
      await findUser(page, seed.player.username);
      await chooseRowAction(page, seed.player.username, 'Credit history');
      return page.getByRole('dialog');
    },
  },
  {
    name: 'admin item moves',
    role: 'admin',
    path: '/admin/users',
    async open(page, seed) {
      await findUser(page, seed.player.username);
      await chooseRowAction(page, seed.player.username, 'Item moves');
      return dialog(page, `Item moves of ${seed.player.username}`);
    },
  },
  {
    name: 'admin reset link',
    role: 'admin',
    path: '/admin/users',
    async open(page, seed) {
      await findUser(page, seed.player.username);
      await chooseRowAction(page, seed.player.username, 'Reset link');
      return page.getByRole('dialog');
    },
  },
  {
    name: 'admin new update',
    role: 'admin',
    path: '/admin/updates',
    async open(page) {
      await button(page, '+ New Update').click();
      return page.getByRole('dialog');
    },
  },
  {
    name: 'admin refund',
    role: 'admin',
    path: (seed) => `/admin/payments/${seed.paymentId}`,
    async open(page) {
      await button(page, 'Refund').click();
      return alertDialog(page, 'Refund this payment?');
    },
  },
  {
    name: 'admin game server key',
    role: 'admin',
    path: '/admin/game-servers',
    open: newGameServerKey,
  },
  {
    name: 'admin revoke key',
    role: 'admin',
    path: '/admin/game-servers',
    async open(page) {
      // A key to revoke, made here so that this entry also runs alone.
      await (await newGameServerKey(page)).getByRole('button').first().click();
      await button(page, /^Revoke the key of /)
        .first()
        .click();
      return page.getByRole('alertdialog');
    },
  },
  {
    name: 'admin new season',
    role: 'admin',
    path: '/admin/leaderboard',
    async open(page) {
      await button(page, 'Start New Season').click();
      return alertDialog(page, 'Start a new season');
    },
  },
  {
    name: 'admin new sale',
    role: 'admin',
    path: '/admin/sales',
    async open(page) {
      await button(page, '+ New Sale').click();
      return page.getByRole('dialog');
    },
  },
  {
    name: 'admin add coupon',
    role: 'admin',
    path: '/admin/coupons',
    async open(page) {
      await button(page, '+ Add Coupon').click();
      return dialog(page, 'Add Coupon');
    },
  },
  {
    name: 'admin new credit codes',
    role: 'admin',
    path: '/admin/credit-codes',
    async open(page) {
      await button(page, '+ New Codes').click();
      return dialog(page, 'New Credit Codes');
    },
  },
];

let seed: Seed;
const tabs = new Map<string, { context: BrowserContext; page: Page }>();

async function makeSeed(request: APIRequestContext): Promise<Seed> {
  const player = await registerAccount(request, 'axe');
  const subscriber = await registerAccount(request, 'axesub');
  const adminToken = await loginAccount(request, e2eAdmin.email, e2eAdmin.password);
  const admin = { Authorization: `Bearer ${adminToken}` };
  await setCredits(request, player.id, 5000);
  await mailItems(request, player.id, ['scout-corvette']);
  await subscribeInSandbox(request, subscriber.token, 'captain');

  const headers = { Authorization: `Bearer ${player.token}` };
  const { items } = (await (await request.get('/api/shop/items')).json()) as { items: { _id: string; slug: string }[] };
  const ship = items.find((item) => item.slug === 'vanguard-interceptor');
  const openOrder = async () => {
    const opened = await request.post('/api/stripe/create-checkout-session', {
      headers,
      data: { items: [{ itemId: ship?._id, quantity: 1 }] },
    });
    expect(opened.status(), await opened.text()).toBe(200);
    return ((await opened.json()) as { url: string }).url.split('/').pop() as string;
  };
  const paidOrderId = await openOrder();
  const paid = await request.post(`/api/stripe/orders/${paidOrderId}/pay`, { headers });
  expect(paid.status(), await paid.text()).toBe(200);
  const openOrderId = await openOrder();

  const payments = await request.get(`/api/admin/payments?search=${player.username}`, { headers: admin });
  expect(payments.status(), await payments.text()).toBe(200);
  const paymentId = ((await payments.json()) as { payments: { _id: string; status: string }[] }).payments.find(
    (payment) => payment.status === 'paid',
  )?._id;
  expect(paymentId, 'the paid order among the payments').toBeTruthy();

  const updateSlug = `axe-news-${Date.now().toString(36)}`;
  const update = await request.post('/api/admin/updates', {
    headers: admin,
    data: {
      title: 'Axe patrol',
      slug: updateSlug,
      summary: 'What changed',
      body: '## New\n\nShips.',
      status: 'published',
    },
  });
  expect(update.status(), await update.text()).toBe(201);
  return { player, subscriber, adminToken, updateSlug, paidOrderId, openOrderId, paymentId: paymentId as string };
}

/** One tab per role and width, signed in once. */
async function tabFor(browser: Browser, role: Role, size: (typeof widths)[number], baseURL: string): Promise<Page> {
  const key = `${role}-${size.width}`;
  const existing = tabs.get(key);
  if (existing) return existing.page;
  const context = await browser.newContext({ baseURL, viewport: size, reducedMotion: 'reduce' });
  const token =
    role === 'player'
      ? seed.player.token
      : role === 'subscriber'
        ? seed.subscriber.token
        : role === 'admin'
          ? seed.adminToken
          : null;
  if (token) await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
  const page = await context.newPage();
  tabs.set(key, { context, page });
  return page;
}

/** The page settled: its heading there, nothing loading, no animation running (a dialog's fade). */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.skeleton, .loading[role="status"], [aria-busy="true"]')).toHaveCount(0);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const timing = animation.effect?.getComputedTiming();
      return animation.playState !== 'running' || timing?.iterations === Number.POSITIVE_INFINITY;
    }),
  );
}

async function visit(page: Page, path: string | ((seed: Seed) => string)): Promise<void> {
  await page.goto(typeof path === 'string' ? path : path(seed));
  await settle(page);
}

async function axeViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`)
        .join('\n')}`,
  );
}

/**
 * Buttons and links that show only an icon, a symbol or an emoji (no letter or digit in their text)
 * and have no name of their own (aria-label, aria-labelledby, a visually hidden text): axe takes a
 * "×" for a name; a screen reader user hears "times".
 */
async function unnamedIconButtons(page: Page, scope = 'body'): Promise<string[]> {
  return page
    .locator(scope)
    .last()
    .evaluate((root) =>
      Array.from(
        root.querySelectorAll<HTMLElement>('button, a[href], [role="button"], [role="tab"], [role="menuitem"]'),
      )
        .filter((element) => element.getClientRects().length > 0 && !element.closest('[aria-hidden="true"]'))
        .filter((element) => {
          const label = element.getAttribute('aria-label')?.trim() || element.getAttribute('aria-labelledby')?.trim();
          return !label && !/[\p{L}\p{N}]/u.test(element.textContent ?? '');
        })
        .map((element) => `${element.outerHTML.slice(0, 160)}`),
    );
}

/** The width at which whole pages are measured on the pixels (a full-page screenshot is the costly part). */
const CONTRAST_PAGE_WIDTH = 1280;

async function contrastFailures(page: Page, options: { scope?: string; fullPage?: boolean }): Promise<string[]> {
  const { measured, findings } = await lowContrastText(page, {
    scope: options.scope ?? null,
    fullPage: options.fullPage ?? true,
  });
  // CONTRAST_LOG=file: every ratio measured, one JSON line a text node (to compare colours).
  if (process.env.CONTRAST_LOG) {
    const width = page.viewportSize()?.width;
    const lines = measured.map((m) => `${JSON.stringify({ screen: test.info().title, width, ...m })}\n`);
    fs.appendFileSync(process.env.CONTRAST_LOG, lines.join(''));
  }
  return findings.map((f) => `${f.ratio}:1 < ${f.required}:1  "${f.text}" (${f.where}) ${f.color} on ${f.background}`);
}

test.beforeAll(async ({ playwright }, testInfo) => {
  // A failed test ends its worker and the next one starts afresh: the records made for this run's
  // server are kept beside its data, so a new worker only signs in again.
  const cache = path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), 'accessibility-seed.json');
  if (fs.existsSync(cache)) {
    seed = JSON.parse(fs.readFileSync(cache, 'utf8')) as Seed;
    return;
  }
  testInfo.setTimeout(60_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  seed = await makeSeed(request);
  await request.dispose();
  fs.writeFileSync(cache, JSON.stringify(seed));
});

test.afterAll(async () => {
  for (const { context } of tabs.values()) await context.close();
  tabs.clear();
});

for (const size of widths) {
  test.describe(`${size.width} px`, () => {
    for (const screen of pages) {
      test(`page: ${screen.name}`, async ({ browser, baseURL }) => {
        const page = await tabFor(browser, screen.role, size, baseURL as string);
        await visit(page, screen.path);
        await screen.ready?.(page, seed);
        expect.soft(await axeViolations(page), 'axe violations').toEqual([]);
        expect.soft(await unnamedIconButtons(page), 'icon-only buttons without a name').toEqual([]);
        // The pixels of a whole page at the desktop width, where the issue measured them (the same
        // colour tokens draw the phone's layout; its dialogs are measured below at both widths).
        if (size.width === CONTRAST_PAGE_WIDTH) {
          expect.soft(await contrastFailures(page, { fullPage: true }), 'text below WCAG AA contrast').toEqual([]);
        }
      });
    }
    for (const entry of dialogs) {
      test(`dialog: ${entry.name}`, async ({ browser, baseURL }) => {
        const page = await tabFor(browser, entry.role, size, baseURL as string);
        await visit(page, entry.path);
        const opened = await entry.open(page, seed);
        await expect(opened).toBeVisible();
        await settle(page);
        const scope = '[role="dialog"], [role="alertdialog"]';
        expect.soft(await axeViolations(page, scope), 'axe violations').toEqual([]);
        expect.soft(await unnamedIconButtons(page, '.dialog'), 'icon-only buttons without a name').toEqual([]);
        expect
          .soft(await contrastFailures(page, { scope: '.dialog', fullPage: false }), 'text below WCAG AA contrast')
          .toEqual([]);
      });
    }
  });
}
