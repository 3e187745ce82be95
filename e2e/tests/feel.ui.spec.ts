// Issue 23, a site that feels finished, in Chromium: toasts clear of the header (rough edge 1), the
// dialogs' one layout on the admin's deliveries dialog (rough edge 8), and a purchase made with the
// keyboard alone. Screenshots go to E2E_SCREENSHOTS when it is set.
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { loginAccount, registerAccount, signIn, test } from '../fixtures/accounts.ts';
import { setCredits } from '../fixtures/admin.ts';
import { shoot, untilAnimationsEnd } from '../fixtures/screenshots.ts';
import { e2eAdmin } from '../playwright.config.ts';

// The entrances of toasts and dialogs, as a player sees them who has not asked for less motion.
test.use({ reducedMotion: 'no-preference' });

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The header and every control in it that shows (links, buttons, the phone's balance). */
async function headerBoxes(page: Page): Promise<{ name: string; box: Box }[]> {
  return page.evaluate(() => {
    const header = document.querySelector('.site-header');
    if (!header) throw new Error('no header');
    const shown = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    return [header, ...Array.from(header.querySelectorAll('a, button, .nav-balance'))].filter(shown).map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { name: element.textContent?.trim() || element.className, box: { x, y, width, height } };
    });
  });
}

async function expectClearOfHeader(page: Page, toasts: Locator) {
  const header = await headerBoxes(page);
  // The header itself, the sign-in buttons or the balance and the bell: at least three boxes.
  expect(header.length).toBeGreaterThanOrEqual(3);
  for (const toast of await toasts.all()) {
    const box = await toast.boundingBox();
    expect(box).not.toBeNull();
    for (const control of header) {
      expect(intersects(box as Box, control.box), `a toast covers “${control.name}”`).toBe(false);
    }
  }
}

for (const width of [390, 1280]) {
  test.describe(`toasts at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 800 : 844 } });

    test('a visitor’s toasts sit clear of the header, three at most, and one hovered stays past its time', async ({
      page,
    }) => {
      // The page's clock stands still: toasts leave only when the test moves it on.
      await page.clock.install();
      await page.goto('/tiers');
      const subscribe = page.getByRole('article', { name: 'Admiral' }).getByRole('button', { name: 'Subscribe' });
      await expect(subscribe).toBeEnabled();
      await page.clock.pauseAt(Date.now() + 60_000);

      const toasts = page.locator('.toast');
      await subscribe.press('Enter');
      await expect(toasts).toHaveCount(1);
      await expect(toasts.first()).toContainText('Please log in to subscribe');
      const oldest = await toasts.first().elementHandle();
      for (let raised = 2; raised <= 4; raised += 1) {
        await subscribe.press('Enter');
        await expect(toasts).toHaveCount(Math.min(raised, 3));
      }
      // The fourth pushed out the first.
      expect(await oldest?.evaluate((element) => element.isConnected)).toBe(false);
      await expect(toasts).toHaveCount(3);
      await expectClearOfHeader(page, toasts);
      await shoot(page, `feel-toasts-visitor-${width}`);

      // The newest under the pointer: ten seconds on, past every toast's four, all three are still
      // there (none leaves while the stack is hovered, so none moves out from under the pointer).
      const newest = toasts.last();
      await newest.hover();
      await expect(newest).toHaveAttribute('data-paused', 'true');
      await page.clock.runFor(10_000);
      await expect(toasts).toHaveCount(3);
      await expect(newest).toHaveAttribute('data-paused', 'true');
      // The pointer leaves: their four seconds run again.
      await page.mouse.move(width / 2, 300);
      await expect(toasts.first()).not.toHaveAttribute('data-paused');
      await page.clock.runFor(4_000);
      await expect(toasts).toHaveCount(0);
    });

    test('a player’s purchase toast leaves the balance and the header’s controls in sight', async ({
      page,
      request,
      player,
    }) => {
      await setCredits(request, player.id, 500);
      await signIn(page, player.token);
      await page.goto('/shop');
      await page
        .getByRole('article', { name: 'Scout Corvette' })
        .getByRole('button', { name: 'Buy with Credits' })
        .press('Enter');
      const toast = page.locator('.toast').filter({ hasText: 'Purchase successful!' });
      await expect(toast).toBeVisible();
      // The balance this toast used to cover: the phone's copy beside the bell, the desktop's in the bar.
      if (width > 600)
        await expect(page.getByRole('navigation', { name: 'Main' }).getByText('200 credits')).toBeVisible();
      else await expect(page.locator('.nav-balance')).toHaveAttribute('data-credits', '200');
      await expectClearOfHeader(page, toast);
      await shoot(page, `feel-toast-player-${width}`);
    });
  });
}

async function adminToken(request: APIRequestContext): Promise<string> {
  return loginAccount(request, e2eAdmin.email, e2eAdmin.password);
}

/** A player with one delivery handed to the game (so it offers Re-queue) and one still pending. */
async function playerWithDeliveries(request: APIRequestContext) {
  const buyer = await registerAccount(request, 'convoy');
  await setCredits(request, buyer.id, 1000);
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  const { items } = (await (await request.get('/api/shop/items')).json()) as { items: { _id: string; slug: string }[] };
  const buy = async (slug: string) => {
    const bought = await request.post('/api/shop/purchase', {
      headers: { Authorization: `Bearer ${buyer.token}` },
      data: { itemId: items.find((item) => item.slug === slug)?._id, quantity: 1 },
    });
    expect(bought.status(), await bought.text()).toBe(200);
  };
  await buy('scout-corvette');
  const made = await request.post('/api/admin/game-servers', {
    headers: admin,
    data: { name: `feel-${Date.now().toString(36)}` },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { key, secret } = (await made.json()) as { key: { _id: string }; secret: string };
  const game = { Authorization: `Bearer ${secret}` };
  const polled = await request.get(`/api/game/deliveries?online=${buyer.id}`, { headers: game });
  const { deliveries } = (await polled.json()) as { deliveries: { id: string; player: { id: string } }[] };
  const ids = deliveries.filter((delivery) => delivery.player.id === buyer.id).map((delivery) => delivery.id);
  expect(ids).toHaveLength(1);
  await request.post('/api/game/deliveries/ack', { headers: game, data: { ids } });
  await request.delete(`/api/admin/game-servers/${key._id}`, { headers: admin });
  await buy('warp-fuel-cells');
  return buyer;
}

for (const width of [1280, 390]) {
  test.describe(`the deliveries dialog at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 800 : 844 } });

    test('has the dialogs’ one layout: title, body, a roomy Close on the right; Tab stays in it, Escape closes it and focus goes back to the row’s menu button', async ({
      page,
      request,
    }) => {
      const buyer = await playerWithDeliveries(request);
      await signIn(page, await adminToken(request));
      await page.goto('/admin/users');
      await page.getByLabel('Search users').fill(buyer.username);
      // The debounced search has landed: the row is the one that stays.
      await expect(page.getByText(/·\s*1\s*matching/)).toBeVisible();
      // The row's actions are behind its menu button: opened and chosen with the keyboard.
      const opener = page.getByRole('button', { name: `Actions for ${buyer.username}` });
      await opener.focus();
      await page.keyboard.press('Enter');
      const deliveries = page
        .getByRole('menu', { name: `Actions for ${buyer.username}` })
        .getByRole('menuitem', { name: 'Deliveries' });
      for (
        let presses = 0;
        presses < 10 && !(await deliveries.evaluate((item) => item === document.activeElement));
        presses++
      ) {
        await page.keyboard.press('ArrowDown');
      }
      await expect(deliveries).toBeFocused();
      await page.keyboard.press('Enter');

      const dialog = page.getByRole('dialog', { name: `Deliveries of ${buyer.username}` });
      const requeue = dialog.getByRole('button', { name: 'Re-queue Scout Corvette' });
      const close = dialog.getByRole('button', { name: 'Close' });
      await expect(dialog.getByText('Warp Fuel Cells')).toBeVisible();
      await expect(requeue).toBeVisible();
      await shoot(page, `feel-deliveries-${width}`);
      // Measured once it has grown in (its entrance scales it; a busy machine may still be drawing it).
      await untilAnimationsEnd(page);

      // Title, then the body, then the actions, with room between the list and Close.
      const [title, body, actions, button, panel] = await Promise.all([
        dialog.locator('.dialog-title').boundingBox(),
        dialog.locator('.dialog-body').boundingBox(),
        dialog.locator('.dialog-actions').boundingBox(),
        close.boundingBox(),
        dialog.boundingBox(),
      ]);
      if (!title || !body || !actions || !button || !panel) throw new Error('the dialog is not laid out');
      expect(title.y + title.height).toBeLessThanOrEqual(body.y);
      expect(body.y + body.height + 16).toBeLessThanOrEqual(actions.y);
      // On the right: its right edge on the body's, and on a wide screen in the right half.
      expect(Math.abs(button.x + button.width - (body.x + body.width))).toBeLessThanOrEqual(1);
      if (width > 600) expect(button.x).toBeGreaterThan(panel.x + panel.width / 2);
      // Room inside it and around it: 44 px tall, 96 px wide at least, 16 px of padding either side,
      // and the panel's padding to its edge.
      expect(button.height).toBeGreaterThanOrEqual(44);
      expect(button.width).toBeGreaterThanOrEqual(96);
      const padding = await close.evaluate((element) => {
        const style = getComputedStyle(element);
        return Math.min(Number.parseFloat(style.paddingLeft), Number.parseFloat(style.paddingRight));
      });
      expect(padding).toBeGreaterThanOrEqual(16);
      expect(panel.x + panel.width - (button.x + button.width)).toBeGreaterThanOrEqual(16);
      expect(panel.y + panel.height - (button.y + button.height)).toBeGreaterThanOrEqual(16);

      // Focus went in on opening (to Close: the list was still loading). Tab from the last control
      // goes round to the first, Shift+Tab from the first back to the last; each shows its outline.
      await expect(close).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(requeue).toBeFocused();
      expect(await requeue.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
      await page.keyboard.press('Shift+Tab');
      await expect(close).toBeFocused();
      expect(await close.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');

      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();
    });
  });
}

test.describe('the keyboard alone', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a player buys an item with the keyboard only: Tab to the card, Enter opens it, Enter on Buy with Credits', async ({
    page,
    request,
    player,
  }) => {
    await setCredits(request, player.id, 500);
    await signIn(page, player.token);
    await page.goto('/shop');
    const card = page.getByRole('article', { name: 'Scout Corvette' });
    const toggle = card.getByRole('button', { name: 'Scout Corvette', exact: true });
    await expect(card.getByRole('button', { name: 'Buy with Credits' })).toBeEnabled();

    /** Tab on until `target` has the focus, checking that each stop shows a focus outline. */
    async function tabTo(target: Locator, limit = 80) {
      for (let presses = 0; presses < limit; presses += 1) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          if (!element || element === document.body) return null;
          const style = getComputedStyle(element);
          return { text: element.textContent?.trim() ?? '', outline: style.outlineStyle, width: style.outlineWidth };
        });
        if (focused) {
          expect(focused.outline, `focus outline on “${focused.text}”`).not.toBe('none');
          expect(Number.parseFloat(focused.width), `focus outline on “${focused.text}”`).toBeGreaterThanOrEqual(2);
        }
        if (await target.evaluate((element) => element === document.activeElement)) return;
      }
      throw new Error(`Tab never reached ${target}`);
    }

    await tabTo(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(card.getByRole('heading', { name: 'Includes' })).toBeVisible();

    const buy = card.getByRole('button', { name: 'Buy with Credits' });
    await tabTo(buy, 10);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Purchase successful!')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText('200 credits')).toBeVisible();

    const inventory = await request.get('/api/shop/user/inventory', {
      headers: { Authorization: `Bearer ${player.token}` },
    });
    const body = (await inventory.json()) as { inventory: { shopItem: { name: string } }[] };
    expect(body.inventory.map((entry) => entry.shopItem.name)).toEqual(['Scout Corvette']);
  });
});
