// The admin's item moves in Chromium (issue 20): a player bought an item for a friend; the admin opens
// the friend's Item moves from User Management, filters them by kind, reverses the gift after the
// confirmation (the row then reads Reversed, and a second reversal is refused with the server's
// words), and the buyer's inventory has the item back. At desktop and phone widths; screenshots go
// to E2E_SCREENSHOTS.
import { expect } from '@playwright/test';
import { loginAccount, registerAccount, signIn, test } from '../fixtures/accounts.ts';
import { chooseRowAction, setCredits } from '../fixtures/admin.ts';
import { shoot } from '../fixtures/screenshots.ts';
import { e2eAdmin } from '../playwright.config.ts';

for (const width of [1280, 390]) {
  test(`an admin reverses a gift from the friend's item moves; the item is back with the buyer (${width} px)`, async ({
    browser,
    page,
    request,
    player,
  }) => {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    const friend = await registerAccount(request, 'wingmate');
    await setCredits(request, player.id, 1000);
    const { items } = (await (await request.get('/api/shop/items')).json()) as {
      items: { _id: string; slug: string }[];
    };
    const scout = items.find((item) => item.slug === 'scout-corvette');
    const bought = await request.post('/api/shop/purchase', {
      headers: { Authorization: `Bearer ${player.token}` },
      data: { itemId: scout?._id, quantity: 1, giftTo: friend.username },
    });
    expect(bought.status(), await bought.text()).toBe(200);

    await signIn(page, await loginAccount(request, e2eAdmin.email, e2eAdmin.password));
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(friend.username);
    // The search's answer first: the list drawn again would close a menu opened before it.
    await expect(page.getByText(/·\s*1\s*matching/)).toBeVisible();
    await chooseRowAction(page, friend.username, `Item moves of ${friend.username}`);
    const dialog = page.getByRole('dialog', { name: `Item moves of ${friend.username}` });
    const row = dialog.getByRole('listitem').filter({ hasText: 'Scout Corvette' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('bought gift');
    await expect(row).toContainText(`${player.username} → ${friend.username}`);
    await expect(row).toContainText('+1');

    // The kind filter asks the server again: no trades here.
    await dialog.getByLabel('Kind').selectOption({ label: 'Trades' });
    await expect(dialog.getByText('No item moves of this kind')).toBeVisible();
    await dialog.getByLabel('Kind').selectOption({ label: 'Bought as gifts' });
    await expect(row).toHaveCount(1);
    await shoot(page, `admin-item-moves-${width}`);

    await row.getByRole('button', { name: /^Reverse the bought gift of Scout Corvette/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reverse Transfer' });
    await expect(confirm).toContainText(`Reverse this bought gift from ${player.username} to ${friend.username}?`);
    await shoot(page, `admin-item-moves-confirm-${width}`);
    await confirm.getByRole('button', { name: 'Reverse', exact: true }).click();
    await expect(page.getByText('Transfer reversed: the items are back')).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(row.getByText('Reversed', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Reverse/ })).toHaveCount(0);
    // All moves: the reversal's own row is there too, taking the item away from the friend.
    await dialog.getByLabel('Kind').selectOption({ label: 'All moves' });
    await expect(dialog.getByRole('listitem').filter({ hasText: 'reversal' })).toContainText('−1');
    await shoot(page, `admin-item-moves-reversed-${width}`);

    // The buyer, in a browser of their own, has it back.
    const theirs = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await signIn(theirs, player.token);
    await theirs.goto('/inventory');
    const back = theirs.getByRole('article', { name: 'Scout Corvette', exact: true });
    await expect(back.getByText('admin reversal')).toBeVisible();
    await theirs.context().close();
  });
}
