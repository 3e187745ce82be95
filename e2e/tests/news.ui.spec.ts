// News and Play Game in Chromium (issue 21): an admin writes and publishes a post on the Updates
// screen (with the Markdown preview), and anyone reads it on the home page and at /updates/{slug};
// the dashboard's Play Game tile: a hint for admins while no Play URL is set, the label for players
// once one is (the setting is put back afterwards).

import { expect, type Page } from '@playwright/test';
import { loginAccount, signIn, test } from '../fixtures/accounts.ts';
import { chooseRowAction, setPlaySettings } from '../fixtures/admin.ts';
import { e2eAdmin } from '../playwright.config.ts';

async function signInAsAdmin(page: Page) {
  await signIn(page, await loginAccount(page.request, e2eAdmin.email, e2eAdmin.password));
}

test('an admin publishes an update, and it is read on the home page and at its own address', async ({
  browser,
  page,
}) => {
  const adminPage = await (await browser.newContext()).newPage();
  await signInAsAdmin(adminPage);
  await adminPage.goto('/admin/updates');
  await adminPage.getByRole('button', { name: '+ New Update' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'New Update' });
  const title = `Nebula Wars ${Date.now().toString(36)}`;
  await dialog.getByLabel('Title').fill(title);
  const slug = await dialog.getByLabel('Slug').inputValue();
  expect(slug).toMatch(/^nebula-wars-[a-z0-9]+$/);
  await dialog.getByLabel('Summary').fill('A new sector opens this weekend.');
  await dialog
    .getByLabel('Body (Markdown)')
    .fill(
      '## Patch notes\n\n- **Faster** warp gates\n\n<script>window.pwned = 1</script>\n\n[Bad](javascript:alert(1))',
    );
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = dialog.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'Patch notes' })).toBeVisible();
  await expect(preview.getByText('<script>window.pwned = 1</script>')).toBeVisible();
  await dialog.getByLabel('Status').selectOption('published');
  await dialog.getByLabel('Pinned (shown first on the home page)').check();
  await dialog.getByRole('button', { name: 'Create Update' }).click();
  await expect(adminPage.getByText('Update saved successfully')).toBeVisible();
  await expect(adminPage.getByRole('rowheader', { name: title })).toBeVisible();

  await page.goto('/');
  const news = page.getByRole('region', { name: 'Latest updates' });
  await expect(news.getByRole('link', { name: title })).toBeVisible();
  await expect(news.getByText('A new sector opens this weekend.').first()).toBeVisible();
  await news.getByRole('link', { name: title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/updates/${slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Patch notes' })).toBeVisible();
  await expect(page.getByText('Faster')).toBeVisible();
  // Raw HTML arrives as text, never as a script; the javascript: link is not a link.
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  await expect(page.getByRole('link', { name: 'Bad' })).toHaveCount(0);

  // A shared link carries the post's Open Graph tags in the page the server sends.
  const html = await (await page.request.get(`/updates/${slug}`)).text();
  expect(html).toContain(`<meta property="og:title" content="${title}" />`);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Updates' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Updates' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  // Delete, after the confirmation.
  await chooseRowAction(adminPage, title, `Delete ${title}`);
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(adminPage.getByText('Update deleted successfully')).toBeVisible();
  await page.goto(`/updates/${slug}`);
  await expect(page.getByRole('heading', { name: 'Update not found' })).toBeVisible();
});

test('the Play Game tile: a hint for admins while unset, the label for players once set', async ({
  browser,
  page,
  request,
  player,
}) => {
  const previous = await setPlaySettings(request, { playUrl: null, playLabel: 'Play Game' });
  try {
    const adminPage = await (await browser.newContext()).newPage();
    await signInAsAdmin(adminPage);
    await adminPage.goto('/dashboard');
    const hint = adminPage.getByRole('link', { name: /Set the Play URL in Site Settings/ });
    await expect(hint).toBeVisible();
    await hint.click();
    await expect(adminPage.getByLabel('Play URL')).toBeVisible();

    await signIn(page, player.token);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Quick Actions' })).toBeVisible();
    await expect(page.getByText('Play Game')).toHaveCount(0);
    await expect(page.getByText('Set the Play URL in Site Settings')).toHaveCount(0);

    await setPlaySettings(request, { playUrl: 'starport://play', playLabel: 'Launch Starport' });
    await page.reload();
    const tile = page.getByRole('link', { name: /Launch Starport/ });
    await expect(tile).toBeVisible();
    await expect(tile).toHaveAttribute('href', 'starport://play');
  } finally {
    await setPlaySettings(request, previous);
  }
});
