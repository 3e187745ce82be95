// Issue 18: a long list draws what is near the screen, not all of it at load. A phone opening an
// inventory of a hundred entries draws its first screens (no seconds of drawing cards nobody scrolled
// to), and every entry is there once the player scrolls down to it.
import { expect } from '@playwright/test';
import { signIn, test } from '../fixtures/accounts.ts';
import { mailItems } from '../fixtures/admin.ts';

const SCREEN = { width: 390, height: 844 };
test.use({ viewport: SCREEN });

test('a long inventory draws its first screens at load, and the rest as the player scrolls to them', async ({
  page,
  request,
  player,
}) => {
  // The oldest entry, last in the list (newest first), then 99 more.
  await mailItems(request, player.id, ['railgun-battery']);
  await mailItems(request, player.id, Array(50).fill('scout-corvette'));
  await mailItems(request, player.id, Array(49).fill('scout-corvette'));
  await signIn(page, player.token);
  await page.goto('/inventory');

  const cards = page.locator('.inventory-grid > li');
  const oldest = page.getByRole('heading', { name: 'Railgun Battery' });
  await expect(cards.first()).toBeVisible();
  // The first picture is shown and the others asked for: from here on the list may grow.
  await expect(page.locator('.inventory-grid .item-image img').nth(1)).toHaveAttribute('src', /^\/images\//);
  // Drawn ahead of the player: the last card drawn ends more than a screen below the screen.
  await expect
    .poll(() => cards.last().evaluate((card) => card.getBoundingClientRect().bottom))
    .toBeGreaterThan(SCREEN.height * 2);
  // And no further, also a while later (drawing all of them takes this machine well under that): most
  // of the hundred are not drawn, the oldest among them.
  await page.waitForTimeout(500);
  expect(await cards.count()).toBeLessThan(100);
  await expect(oldest).toHaveCount(0);

  // Going to the end of the page (End, as far as it goes) draws the next entries, each time, to the
  // very last one.
  await expect
    .poll(
      async () => {
        await page.keyboard.press('End');
        return cards.count();
      },
      { intervals: [200], timeout: 30_000 },
    )
    .toBe(100);
  await oldest.scrollIntoViewIfNeeded();
  await expect(oldest).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Scout Corvette' })).toHaveCount(99);
});
