// Buying as a gift in Chromium (issue 20): a player buys an item "For a friend" with credits (the
// recipient found by search as you type) and the friend's inventory, in a second browser context,
// shows it as a gift from the buyer; by card the sandbox checkout names the friend and Pay delivers to
// them; "Gift a month" on a tier goes to the sandbox checkout for a month of it. At phone and desktop
// widths; screenshots go to E2E_SCREENSHOTS.
import { expect, type Page } from '@playwright/test';
import { registerAccount, signIn, test } from '../fixtures/accounts.ts';
import { setCredits } from '../fixtures/admin.ts';
import { shoot } from '../fixtures/screenshots.ts';

const article = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

for (const width of [1280, 390]) {
  test(`a player buys an item for a friend with credits; the friend owns it as a gift from them (${width} px)`, async ({
    browser,
    page,
    request,
    player,
  }) => {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    const friend = await registerAccount(request, 'wingmate');
    await setCredits(request, player.id, 2000);

    await signIn(page, player.token);
    await page.goto('/shop');
    const forFriend = article(page, 'Vanguard Interceptor').getByRole('button', {
      name: 'Buy Vanguard Interceptor for a friend',
    });
    await forFriend.scrollIntoViewIfNeeded();
    await shoot(page, `shop-for-a-friend-${width}`);
    await forFriend.click();
    const dialog = page.getByRole('dialog', { name: 'Buy Vanguard Interceptor for a friend' });
    const recipient = dialog.getByRole('combobox', { name: 'Recipient' });
    await expect(recipient).toBeFocused();
    await expect(dialog.getByRole('button', { name: 'Buy with Cash ($9.99)' })).toBeVisible();

    // A refusal first: nobody has this name; nothing is paid.
    await recipient.fill('nobody_at_all');
    await dialog.getByRole('button', { name: 'Buy with Credits (1,200)' }).click();
    await expect(dialog.getByText('No player has that username')).toBeVisible();

    // Search as you type, then the keyboard picks the suggestion.
    await recipient.fill(friend.username.slice(0, -1));
    const option = dialog.getByRole('option', { name: friend.username });
    await expect(option).toBeVisible();
    await recipient.press('ArrowDown');
    await recipient.press('Enter');
    await expect(recipient).toHaveValue(friend.username);
    await expect(dialog.getByText(`${friend.username} gets Vanguard Interceptor.`)).toBeVisible();
    await shoot(page, `buy-for-friend-${width}`);
    await dialog.getByRole('button', { name: 'Buy with Credits (1,200)' }).click();

    await expect(
      page.getByText(`Purchase successful! ${friend.username} received Vanguard Interceptor.`),
    ).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Your balance').locator('..')).toContainText('800 credits');

    // The buyer's inventory stays empty; the friend's, in a browser of their own, has the gift.
    await page.goto('/inventory');
    await expect(page.getByText('Your inventory is empty')).toBeVisible();
    const theirs = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await signIn(theirs, friend.token);
    await theirs.goto('/inventory');
    const received = article(theirs, 'Vanguard Interceptor');
    await expect(received.getByText('gift', { exact: true })).toBeVisible();
    await expect(received.getByText(player.username)).toBeVisible();
    await expect(received.locator('.trade-lock')).toContainText(/Trade locked until /);
    await theirs.context().close();
  });
}

test('a player buys an item for a friend by card: the sandbox checkout, then the friend has it', async ({
  browser,
  page,
  request,
  player,
}) => {
  const friend = await registerAccount(request, 'wingmate');
  await signIn(page, player.token);
  await page.goto('/shop');
  await article(page, 'Vanguard Interceptor')
    .getByRole('button', { name: 'Buy Vanguard Interceptor for a friend' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Buy Vanguard Interceptor for a friend' });
  // Too few credits for this one: the card remains.
  await expect(dialog.getByRole('button', { name: 'Insufficient Credits' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Recipient' }).fill(friend.username);
  await dialog.getByRole('button', { name: 'Buy with Cash ($9.99)' }).click();

  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/);
  await page.getByRole('button', { name: 'Pay $9.99' }).click();
  await expect(page).toHaveURL(/\/shop$/);

  const theirs = await (await browser.newContext()).newPage();
  await signIn(theirs, friend.token);
  await theirs.goto('/inventory');
  await expect(article(theirs, 'Vanguard Interceptor').getByText(player.username)).toBeVisible();
  await theirs.context().close();
});

for (const width of [1280, 390]) {
  test(`a player gifts a month of a tier: the recipient, then the sandbox checkout for it (${width} px)`, async ({
    page,
    request,
    player,
  }) => {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    const friend = await registerAccount(request, 'wingmate');
    await signIn(page, player.token);
    await page.goto('/tiers');
    await article(page, 'Captain').getByRole('button', { name: 'Gift a month of Captain' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gift a month of Captain' });
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(dialog.getByText('Choose a player to send it to')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Recipient' }).fill(friend.username);
    // The suggestion taken with the mouse this time.
    await dialog.getByRole('option', { name: friend.username }).click();
    await expect(dialog.getByRole('listbox')).toBeHidden();
    await expect(dialog.getByText(`${friend.username} gets the Captain tier for a month.`)).toBeVisible();
    await shoot(page, `gift-tier-${width}`);
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();

    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/);
    await expect(page.getByText(`Captain tier for one month, a gift for ${friend.username}`)).toBeVisible();
    await shoot(page, `gift-tier-checkout-${width}`);
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page).not.toHaveURL(/\/checkout\//);

    const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${friend.token}` } });
    expect(((await me.json()) as { user: { currentTier: { name: string } | null } }).user.currentTier?.name).toBe(
      'Captain',
    );
  });
}
