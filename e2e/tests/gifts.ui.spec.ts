// Gifts and Keep on site in Chromium (issue 20): a player keeps an item on the site, gifts it through
// the dialog (the recipient found by search as you type) and the other player's inventory, open in a
// second browser context, shows it as a gift from them without a reload, with the bell's count; a blocked Trade says why on
// keyboard focus. Screenshots of the dialog at phone and desktop widths go to E2E_SCREENSHOTS.
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { registerAccount, signIn, test } from '../fixtures/accounts.ts';
import { mailItems } from '../fixtures/admin.ts';

const screenshots = process.env.E2E_SCREENSHOTS;

async function shoot(page: Page, name: string) {
  if (screenshots) await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: false });
}

for (const width of [1280, 390]) {
  test(`a player gifts an item from the inventory; the recipient sees it arrive as a gift from them without reloading (${width} px)`, async ({
    browser,
    page,
    request,
    player,
  }) => {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    const friend = await registerAccount(request, 'wingmate');
    await mailItems(request, player.id, ['scout-corvette']);

    // The recipient has their inventory open, in a browser of their own, before the gift is sent.
    const theirs = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await signIn(theirs, friend.token);
    await theirs.goto('/inventory');
    await expect(theirs.getByText('Your inventory is empty')).toBeVisible();
    await expect(theirs.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();

    await signIn(page, player.token);
    await page.goto('/inventory');
    const card = page.getByRole('article', { name: 'Scout Corvette' });
    await expect(card.getByText('Pending')).toBeVisible();

    // Keep on site, then the badge and the button say so.
    await card.getByRole('button', { name: 'Keep on site' }).click();
    await expect(card.getByText('On site')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Send to game' })).toBeVisible();

    await card.getByRole('button', { name: 'Gift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gift Scout Corvette' });
    const recipient = dialog.getByRole('combobox', { name: 'Recipient' });
    await expect(recipient).toBeFocused();
    // A refusal first: nobody has this name.
    await recipient.fill('nobody_at_all');
    await dialog.getByRole('button', { name: 'Send gift' }).click();
    await expect(dialog.getByText('No player has that username')).toBeVisible();

    // Search as you type: part of the name, then the keyboard picks the suggestion (the only one:
    // the name less its last character is unique among the players of this run).
    await recipient.fill(friend.username.slice(0, -1));
    const option = dialog.getByRole('option', { name: friend.username });
    await expect(option).toBeVisible();
    await expect(dialog.getByRole('option')).toHaveCount(1);
    await shoot(page, `gift-dialog-suggestions-${width}`);
    await recipient.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await recipient.press('Enter');
    await expect(recipient).toHaveValue(friend.username);
    await dialog.getByLabel('Message (optional)').fill('Fly safe out there');
    await shoot(page, `gift-dialog-${width}`);
    await dialog.getByRole('button', { name: 'Send gift' }).click();

    await expect(page.getByText(`Gift sent to ${friend.username}`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Your inventory is empty')).toBeVisible();

    // It arrives on the recipient's open page, and the bell counts it: no reload.
    await expect(theirs.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
    const received = theirs.getByRole('article', { name: 'Scout Corvette' });
    await expect(received.getByText('gift', { exact: true })).toBeVisible();
    await expect(received.getByText(player.username)).toBeVisible();
    await expect(received.locator('.trade-lock')).toContainText(/Trade locked until /);

    // The blocked Trade says why on keyboard focus (not only on hover).
    const trade = received.getByRole('button', { name: 'Trade' });
    await expect(trade).toHaveAttribute('aria-disabled', 'true');
    const reason = received.getByRole('tooltip').first();
    await expect(reason).toBeHidden();
    await trade.focus();
    await expect(reason).toBeVisible();
    await expect(reason).toHaveText(/^Trade locked until /);
    await expect(trade).toHaveAccessibleDescription(/^Trade locked until /);
    await shoot(theirs, `received-gift-${width}`);

    // The bell's list says who sent what, with the message; opened, it is read.
    await theirs.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await expect(theirs.getByRole('region', { name: 'Your notifications' })).toContainText(
      new RegExp(`${player.username} sent you .*Scout Corvette.* as a gift: “Fly safe out there”`),
    );
    await expect(theirs.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();
    await shoot(theirs, `received-gift-bell-${width}`);
    await theirs.context().close();
  });
}

test('the Account page keeps new items on site once the box is ticked, and the next purchase stays on the site', async ({
  page,
  request,
  player,
}) => {
  await signIn(page, player.token);
  await page.goto('/account');
  const items = page.getByRole('region', { name: 'Items' });
  const box = items.getByRole('checkbox', { name: 'Keep new items on site' });
  await expect(box).toBeEnabled();
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(page.getByText('New items will stay on the site')).toBeVisible();
  await items.scrollIntoViewIfNeeded();
  await shoot(page, 'account-items-1280');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Items' }).getByRole('checkbox')).toBeChecked();

  await mailItems(request, player.id, ['scout-corvette']);
  await page.goto('/inventory');
  const card = page.getByRole('article', { name: 'Scout Corvette' });
  await expect(card.getByText('On site')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Send to game' })).toBeVisible();
});
