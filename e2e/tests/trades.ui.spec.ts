// A full trade in Chromium (issue 20), at phone and desktop widths: a player opens New trade from an
// inventory entry's Trade button (the entry already picked), names the other player, picks one of
// their items (listed only while composing) and adds credits; the other player, in a browser context
// of their own with /trade open, sees the offer arrive without reloading, with exactly what moves
// both ways, and accepts; the sender's page moves it to History as it happens; each inventory then
// shows the other's item acquired by trade from them. Screenshots go to E2E_SCREENSHOTS.
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { registerAccount, signIn, test } from '../fixtures/accounts.ts';
import { mailItems, setCredits } from '../fixtures/admin.ts';

const screenshots = process.env.E2E_SCREENSHOTS;

async function shoot(page: Page, name: string) {
  if (screenshots) await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
}

for (const width of [1280, 390]) {
  test(`two players trade from offer to acceptance, and each inventory shows the other's item (${width} px)`, async ({
    browser,
    page,
    request,
    player,
  }) => {
    const viewport = { width, height: width > 600 ? 900 : 844 };
    await page.setViewportSize(viewport);
    const partner = await registerAccount(request, 'trader');
    await mailItems(request, player.id, ['scout-corvette']);
    await mailItems(request, partner.id, ['vanguard-interceptor']);
    await setCredits(request, player.id, 300);

    // The partner waits on /trade in a browser of their own.
    const theirs = await (await browser.newContext({ viewport })).newPage();
    await signIn(theirs, partner.token);
    await theirs.goto('/trade');
    await expect(theirs.getByText('No offers waiting for your answer.')).toBeVisible();

    // The sender starts from the inventory's Trade button: New trade opens with the entry picked.
    await signIn(page, player.token);
    await page.goto('/inventory');
    await page.getByRole('article', { name: 'Scout Corvette' }).getByRole('link', { name: 'Trade' }).click();
    await expect(page).toHaveURL(/\/trade\?entry=/);
    const composer = page.getByRole('region', { name: 'New trade' });
    await expect(composer.getByRole('checkbox', { name: /Scout Corvette/ })).toBeChecked();
    await composer.getByRole('combobox', { name: 'Trade with' }).fill(partner.username);
    const wanted = composer.getByRole('checkbox', { name: /Vanguard Interceptor/ });
    await expect(composer.getByText(`You get from ${partner.username}`)).toBeVisible();
    await wanted.check();
    await composer.getByLabel('Credits you give').fill('120');
    await composer.getByLabel('Message (optional)').fill('Fair swap?');
    await shoot(page, `trade-composer-${width}`);
    await composer.getByRole('button', { name: 'Send offer' }).click();
    await expect(page.getByText(`Offer sent to ${partner.username}`)).toBeVisible();
    await expect(composer).toHaveCount(0);
    const outgoing = page.getByRole('article', { name: `To ${partner.username}` });
    await expect(page.getByRole('tab', { name: /Outgoing/ })).toHaveAttribute('aria-selected', 'true');
    await expect(outgoing.getByRole('button', { name: 'Cancel offer' })).toBeVisible();
    await shoot(page, `trade-outgoing-${width}`);

    // The offer reaches the partner's open page without a reload, showing what moves both ways.
    const offer = theirs.getByRole('article', { name: `From ${player.username}` });
    await expect(offer).toBeVisible();
    await expect(offer.locator('.trade-side').filter({ hasText: 'You give' })).toContainText('Vanguard Interceptor');
    const gets = offer.locator('.trade-side').filter({ hasText: 'You get' });
    await expect(gets).toContainText('Scout Corvette');
    await expect(gets).toContainText('120 credits');
    await expect(offer.getByText('“Fair swap?”')).toBeVisible();
    await shoot(theirs, `trade-incoming-${width}`);
    await offer.getByRole('button', { name: 'Accept' }).click();
    await expect(theirs.getByText(`Trade with ${player.username} done`)).toBeVisible();
    await expect(offer).toHaveCount(0);
    await theirs.getByRole('tab', { name: 'History' }).click();
    await expect(theirs.getByRole('article', { name: `From ${player.username}` }).getByText('Accepted')).toBeVisible();
    await shoot(theirs, `trade-history-${width}`);

    // The sender's page hears the acceptance: Outgoing empties, History says Accepted.
    await expect(outgoing).toHaveCount(0);
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByRole('article', { name: `To ${partner.username}` }).getByText('Accepted')).toBeVisible();

    // Each inventory shows the other's item, acquired by trade from them.
    await page.goto('/inventory');
    const got = page.getByRole('article', { name: 'Vanguard Interceptor' });
    await expect(got.getByText('trade', { exact: true })).toBeVisible();
    await expect(got.getByText(partner.username)).toBeVisible();
    await expect(page.getByRole('article', { name: 'Scout Corvette' })).toHaveCount(0);
    await shoot(page, `trade-inventory-${width}`);
    await theirs.goto('/inventory');
    const received = theirs.getByRole('article', { name: 'Scout Corvette' });
    await expect(received.getByText('trade', { exact: true })).toBeVisible();
    await expect(received.getByText(player.username)).toBeVisible();
    await expect(theirs.getByRole('article', { name: 'Vanguard Interceptor' })).toHaveCount(0);
    await theirs.context().close();
  });
}
