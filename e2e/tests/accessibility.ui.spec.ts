// Accessibility of every screen (issue 23): axe (@axe-core/playwright, every rule, any impact) and
// the text contrast measured on the pixels (fixtures/contrast.ts: axe leaves contrast on gradients
// "incomplete"), on every page of the site's router (routes.tsx) and of the admin panel's tabs
// (packages/ui/src/admin/admin-app.tsx), and on every dialog opened from them, at a phone's width
// (390 px) and a desktop's (1280 px). One list of pages and one of dialogs: a new screen is one more
// entry. Pages' pixels are measured at 1280 px (a page's marked part, the sale's badge, at both),
// dialogs' at both widths. What each needs (a signed-in player or admin, a purchase, a gift, a post, a
// running sale, a coupon, a metric, credit codes) is made once through the API in beforeAll; each role
// signs in once per width, and its one tab goes from screen to screen. With E2E_SCREENSHOTS, a picture
// of each screen as it was checked.
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
import { chooseRowAction, createMetric, mailItems, setCredits } from '../fixtures/admin.ts';
import { lowContrastText } from '../fixtures/contrast.ts';
import { subscribeInSandbox } from '../fixtures/payments.ts';
import { shoot } from '../fixtures/screenshots.ts';
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
  /** An item of its own on a running sale (the shop's card shows the sale badge), and the sale. */
  saleItem: string;
  saleName: string;
  couponCode: string;
  metricLabel: string;
  /** A batch of credit codes, one of them redeemed by the player. */
  codesLabel: string;
}

interface Screen {
  name: string;
  role: Role;
  path: string | ((seed: Seed) => string);
  /** What shows once the page has its data, when the heading alone does not say so. */
  ready?: (page: Page, seed: Seed) => Promise<void>;
  /** A part of the page whose pixels are measured at every width (the whole page only at 1280 px), and a text it shows. */
  part?: { scope: string; text: RegExp };
}

interface DialogCase {
  name: string;
  role: Role;
  path: string | ((seed: Seed) => string);
  /** Opens the dialog from the page at `path` and answers it. */
  open: (page: Page, seed: Seed) => Promise<Locator>;
  /** Undoes what opening it left that other specs would trip on. */
  cleanUp?: (page: Page, seed: Seed) => Promise<void>;
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
  // The search's answer first: the list drawn again would close a menu opened before it.
  await expect(page.getByText(/·\s*1\s*matching/)).toBeVisible();
}
/** The delete confirmations of the admin's tables of records, each opened from a row's Delete. */
const rowDeletions: { name: string; path: string; row: (seed: Seed) => string; title: string }[] = [
  { name: 'admin delete item', path: '/admin/shop', row: () => 'Scout Corvette', title: 'Delete Shop Item' },
  { name: 'admin delete category', path: '/admin/categories', row: () => 'Credits', title: 'Delete Category' },
  { name: 'admin delete update', path: '/admin/updates', row: () => 'Axe patrol', title: 'Delete Update' },
  { name: 'admin delete sale', path: '/admin/sales', row: (seed) => seed.saleName, title: 'Delete Sale' },
  { name: 'admin delete coupon', path: '/admin/coupons', row: (seed) => seed.couponCode, title: 'Delete Coupon' },
];
/** Opens a user's row dialog by the row's actions menu. */
const rowMenu = (action: string) => (page: Page, username: string) => chooseRowAction(page, username, action);
/**
 * The admin users screen's dialogs, each opened from the row of the player (or the subscriber, who
 * was given an item by the player) found by search: by the row's actions menu or one of its buttons.
 */
const userRowDialogs: {
  name: string;
  who?: 'player' | 'subscriber';
  opener: (page: Page, username: string) => Promise<void>;
  /** The dialog it opens; the only one on the screen where not given. */
  shows?: (page: Page, username: string) => Locator;
}[] = [
  {
    name: 'admin edit credits',
    opener: (page, username) => button(page, `Edit credits of ${username}`).click(),
    shows: (page) => dialog(page, 'Edit Credits'),
  },
  {
    name: 'admin grant admin status',
    opener: (page, username) => button(page, `User: change the admin status of ${username}`).click(),
    shows: (page) => alertDialog(page, 'Grant Admin Status'),
  },
  // Send mail is a form in the user's row, not a dialog: the page's check covers it.
  { name: 'admin deliveries', opener: rowMenu('Deliveries') },
  { name: 'admin credit history', opener: rowMenu('Credit history') },
  {
    name: 'admin item moves',
    opener: rowMenu('Item moves'),
    shows: (page, username) => dialog(page, `Item moves of ${username}`),
  },
  { name: 'admin reset link', opener: rowMenu('Reset link') },
  {
    name: 'admin reverse transfer',
    who: 'subscriber',
    async opener(page, username) {
      await chooseRowAction(page, username, 'Item moves');
      await button(dialog(page, `Item moves of ${username}`), /^Reverse the bought gift of /).click();
    },
    shows: (page) => alertDialog(page, 'Reverse Transfer'),
  },
];
/** Makes a game server key on its screen: the dialog that shows its secret once. */
async function newGameServerKey(page: Page): Promise<Locator> {
  await page.getByLabel('Game server name').fill(`axe-${Date.now().toString(36)}`);
  await button(page, /Create|Add|New/)
    .first()
    .click();
  return page.getByRole('dialog');
}
const shopCard = (page: Page, name: string) => page.getByRole('article', { name });
/** The sale's card: its badge ("Sale -25%") is measured on the pixels at the phone's width too. */
const saleCard = { scope: '.shop-grid article:has(.sale-badge)', text: /^Sale -/ };
/** The shop with its cards, the sale's item among them wearing the sale badge. */
async function shopWithSale(page: Page, seed: Seed): Promise<void> {
  await expect(shopCard(page, seed.saleItem).getByText(saleCard.text)).toBeVisible();
}

const pages: Screen[] = [
  // Anyone (routes.tsx, outside RequireUser).
  { name: 'home', role: 'guest', path: '/' },
  { name: 'login', role: 'guest', path: '/login' },
  { name: 'register', role: 'guest', path: '/register' },
  { name: 'forgot password', role: 'guest', path: '/forgot-password' },
  { name: 'reset password (no token)', role: 'guest', path: '/reset-password' },
  { name: 'verify email (no token)', role: 'guest', path: '/verify-email' },
  { name: 'tiers', role: 'guest', path: '/tiers' },
  { name: 'shop', role: 'guest', path: '/shop', ready: shopWithSale, part: saleCard },
  { name: 'leaderboard', role: 'guest', path: '/leaderboard' },
  { name: 'updates', role: 'guest', path: '/updates' },
  { name: 'update post', role: 'guest', path: (seed) => `/updates/${seed.updateSlug}` },
  { name: 'account deleted', role: 'guest', path: '/account-deleted' },
  { name: 'not found', role: 'guest', path: '/no-such-page' },
  // A signed-in player (RequireUser).
  { name: 'home (signed in)', role: 'player', path: '/' },
  { name: 'tiers (signed in)', role: 'player', path: '/tiers' },
  { name: 'shop (signed in)', role: 'player', path: '/shop', ready: shopWithSale, part: saleCard },
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
  {
    name: 'unlink Discord',
    role: 'player',
    path: '/dashboard',
    async open(page) {
      // Linked first through the fake Discord's authorise page, as a player does.
      const card = page.getByRole('region', { name: 'Discord' });
      await button(card, 'Link Discord').click();
      await page.getByRole('link', { name: 'Authorize' }).click();
      await button(card, 'Unlink Discord').click();
      return alertDialog(page, 'Unlink Discord');
    },
    // Unlinked again: the fake's one Discord account is free for the other specs (and the other width).
    async cleanUp(page, seed) {
      const unlinked = await page.request.post('/api/discord/unlink', {
        headers: { Authorization: `Bearer ${seed.player.token}` },
      });
      expect([200, 400], 'unlinked, or never linked').toContain(unlinked.status());
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
  ...rowDeletions.map(
    ({ name, path, row, title }): DialogCase => ({
      name,
      role: 'admin',
      path,
      async open(page, seed) {
        await rowAction(page, row(seed), 'Delete');
        return alertDialog(page, title);
      },
    }),
  ),
  ...userRowDialogs.map(
    ({ name, who = 'player', opener, shows = (page) => page.getByRole('dialog') }): DialogCase => ({
      name,
      role: 'admin',
      path: '/admin/users',
      async open(page, seed) {
        const username = seed[who].username;
        await findUser(page, username);
        await opener(page, username);
        return shows(page, username);
      },
    }),
  ),
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
    name: 'admin delete metric',
    role: 'admin',
    path: '/admin/leaderboard',
    async open(page, seed) {
      await button(page, `Delete the metric ${seed.metricLabel}`).click();
      return alertDialog(page, 'Delete metric');
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
  {
    name: 'admin credit codes made',
    role: 'admin',
    path: '/admin/credit-codes',
    async open(page) {
      await button(page, '+ New Codes').click();
      await button(dialog(page, 'New Credit Codes'), 'Make Codes').click();
      return dialog(page, 'Your New Codes');
    },
  },
  {
    name: 'admin credit codes redeemed',
    role: 'admin',
    path: '/admin/credit-codes',
    async open(page, seed) {
      await button(page, `Codes of ${seed.codesLabel}`).click();
      const codes = dialog(page, `Codes of ${seed.codesLabel}`);
      await expect(codes.getByText(`Redeemed by ${seed.player.username}`)).toBeVisible();
      return codes;
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
  const { items } = (await (await request.get('/api/shop/items')).json()) as {
    items: { _id: string; slug: string; imageUrl: string | null }[];
  };
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

  // The player buys the subscriber a ship: an item move the admin may reverse.
  const scout = items.find((item) => item.slug === 'scout-corvette');
  const gift = await request.post('/api/shop/purchase', {
    headers,
    data: { itemId: scout?._id, quantity: 1, giftTo: subscriber.username },
  });
  expect(gift.status(), await gift.text()).toBe(200);

  const tag = Date.now().toString(36);
  // A running sale on an item of its own (no other spec's prices change), pictured like the seeded ones.
  const saleItem = `Axe Clipper ${tag}`;
  const madeItem = await request.post('/api/shop/admin/items', {
    headers: admin,
    data: {
      name: saleItem,
      slug: `axe-clipper-${tag}`,
      description: 'On sale for the accessibility checks',
      category: 'ships',
      priceCredits: 1000,
      imageUrl: scout?.imageUrl,
    },
  });
  expect(madeItem.status(), await madeItem.text()).toBe(201);
  const saleName = `Axe Flash Sale ${tag}`;
  const sale = await request.post('/api/admin/sales', {
    headers: admin,
    data: {
      name: saleName,
      percentOff: 25,
      itemIds: [((await madeItem.json()) as { item: { _id: string } }).item._id],
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
    },
  });
  expect(sale.status(), await sale.text()).toBe(201);

  const couponCode = `AXE${tag.toUpperCase()}`;
  const coupon = await request.post('/api/admin/coupons', {
    headers: admin,
    data: { code: couponCode, percentOff: 10 },
  });
  expect(coupon.status(), await coupon.text()).toBe(201);
  const metricLabel = `Axe laps ${tag}`;
  await createMetric(request, { key: `axe-laps-${tag}`, label: metricLabel });

  // A batch of credit codes, one redeemed by the player: who redeemed it shows in the batch's codes.
  const codesLabel = `Axe giveaway ${tag}`;
  const codes = await request.post('/api/admin/credit-codes', {
    headers: admin,
    data: { count: 2, credits: 100, label: codesLabel },
  });
  expect(codes.status(), await codes.text()).toBe(201);
  const redeemed = await request.post('/api/credit-codes/redeem', {
    headers,
    data: { code: ((await codes.json()) as { codes: { code: string }[] }).codes[0]?.code },
  });
  expect(redeemed.status(), await redeemed.text()).toBe(200);

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
  return {
    player,
    subscriber,
    adminToken,
    updateSlug,
    paidOrderId,
    openOrderId,
    paymentId: paymentId as string,
    saleItem,
    saleName,
    couponCode,
    metricLabel,
    codesLabel,
  };
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

/** The text below AA contrast; with `mustShow`, also a failure when no text it matches was measured. */
async function contrastFailures(
  page: Page,
  options: { scope?: string; fullPage?: boolean; mustShow?: RegExp },
): Promise<string[]> {
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
  const failures = findings.map(
    (f) => `${f.ratio}:1 < ${f.required}:1  "${f.text}" (${f.where}) ${f.color} on ${f.background}`,
  );
  const { mustShow } = options;
  if (mustShow && !measured.some((m) => mustShow.test(m.text))) failures.push(`not measured: ${mustShow}`);
  return failures;
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
        // The pixels: the whole page at the desktop width, where the issue measured them (the same
        // colour tokens draw the phone's layout; its dialogs are measured below at both widths), and
        // the page's part (the sale's badge) at every width, scrolled into view.
        const whole = size.width === CONTRAST_PAGE_WIDTH;
        if (screen.part) await page.locator(screen.part.scope).scrollIntoViewIfNeeded();
        if (whole || screen.part) {
          const where = whole ? { fullPage: true } : { scope: screen.part?.scope, fullPage: false };
          expect
            .soft(
              await contrastFailures(page, { ...where, mustShow: screen.part?.text }),
              'text below WCAG AA contrast',
            )
            .toEqual([]);
        }
        await shoot(page, `accessibility-${size.width}-${screen.name}`);
      });
    }
    for (const entry of dialogs) {
      test(`dialog: ${entry.name}`, async ({ browser, baseURL }) => {
        const page = await tabFor(browser, entry.role, size, baseURL as string);
        await visit(page, entry.path);
        try {
          const opened = await entry.open(page, seed);
          await expect(opened).toBeVisible();
          await settle(page);
          const scope = '[role="dialog"], [role="alertdialog"]';
          expect.soft(await axeViolations(page, scope), 'axe violations').toEqual([]);
          expect.soft(await unnamedIconButtons(page, '.dialog'), 'icon-only buttons without a name').toEqual([]);
          expect
            .soft(await contrastFailures(page, { scope: '.dialog', fullPage: false }), 'text below WCAG AA contrast')
            .toEqual([]);
          await shoot(page, `accessibility-${size.width}-dialog-${entry.name}`);
        } finally {
          await entry.cleanUp?.(page, seed);
        }
      });
    }
  });
}
