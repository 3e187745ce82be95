// The admin screens of issue 4 in Chromium against the real server: each screen's main path (create,
// edit, delete after a confirmation, the toast, the refetched list), an image uploaded through the
// picker and shown on the shop card, and mail with a custom item arriving Pending in an inventory.
// Every record made here has a unique name, and every setting changed is put back.

import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { loginAccount, registerAccount, signIn, test } from '../fixtures/accounts.ts';
import { chooseRowAction } from '../fixtures/admin.ts';
import { makePng } from '../fixtures/png.ts';
import { e2eAdmin } from '../playwright.config.ts';

let adminToken: string | null = null;

async function signInAsAdmin(page: Page, request: APIRequestContext): Promise<string> {
  adminToken ??= await loginAccount(request, e2eAdmin.email, e2eAdmin.password);
  await signIn(page, adminToken);
  return adminToken;
}

let counter = 0;
function tag(): string {
  counter += 1;
  return `${Date.now().toString(36).slice(-5)}${counter}`;
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const modal = (page: Page, name: string) => page.getByRole('dialog', { name });
const confirmation = (page: Page, name: string) => page.getByRole('alertdialog', { name });

/** Searches the users screen and waits until the list is the search's one match: acting on a row
 * before the debounced search lands would act on a row the next render replaces. */
async function findUser(page: Page, term: string) {
  await page.getByLabel('Search users').fill(term);
  await expect(page.getByText(/·\s*1\s*matching/)).toBeVisible();
}

test('the admin tabs lead to every screen; the Dashboard shows the real figures', async ({ page, request }) => {
  const token = await signInAsAdmin(page, request);
  const answer = await request.get('/api/admin/stats', { headers: { Authorization: `Bearer ${token}` } });
  const { stats } = (await answer.json()) as { stats: { totalUsers: number; shopItems: number } };

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
  const totalUsers = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Total Users' }) });
  await expect(totalUsers.getByText(stats.totalUsers.toLocaleString('en-US'), { exact: true })).toBeVisible();
  const shopItems = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Shop Items' }) });
  await expect(shopItems.getByText(String(stats.shopItems), { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Revenue (30d)' })).toBeVisible();

  const tabs = page.getByRole('navigation', { name: 'Admin' });
  for (const [tab, heading, path] of [
    ['Tiers', 'Tier Management', '/admin/tiers'],
    ['Shop Items', 'Shop Item Management', '/admin/shop'],
    ['Categories', 'Categories', '/admin/categories'],
    ['Users', 'User Management', '/admin/users'],
    ['Site Settings', 'Site Settings', '/admin/settings'],
    ['Updates', 'Updates', '/admin/updates'],
    ['Dashboard', 'Dashboard', '/admin'],
  ] as const) {
    await tabs.getByRole('link', { name: tab, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  }
  await tabs.getByRole('link', { name: 'Updates' }).click();
  await expect(page.getByRole('button', { name: '+ New Update' })).toBeVisible();
});

test('an admin creates, edits and deletes a tier', async ({ page, request }) => {
  const name = `E2E Tier ${tag()}`;
  await signInAsAdmin(page, request);
  await page.goto('/admin/tiers');

  await page.getByRole('button', { name: '+ Create Tier' }).click();
  const form = modal(page, 'Create Tier');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await expect(form.getByLabel('Slug')).toHaveValue(name.toLowerCase().replaceAll(' ', '-'));
  await form.getByLabel('Price (USD per month)').fill('7.5');
  await form.getByLabel('Benefit 1', { exact: true }).fill('A test benefit');
  await form.getByLabel('Role name').fill('E2E Role');
  await form.getByRole('button', { name: 'Create Tier' }).click();

  await expect(toast(page, 'Tier created successfully!')).toBeVisible();
  await expect(form).toBeHidden();
  const row = page.getByRole('article', { name });
  await expect(row.getByText('$7.50/month')).toBeVisible();
  await expect(row.getByText('1 benefit', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = modal(page, 'Edit Tier');
  await edit.getByLabel('Price (USD per month)').fill('8.25');
  await edit.getByLabel('Popular').check();
  await edit.getByRole('button', { name: 'Update Tier' }).click();
  await expect(toast(page, 'Tier updated successfully!')).toBeVisible();
  await expect(row.getByText('$8.25/month')).toBeVisible();
  await expect(row.getByText('Popular')).toBeVisible();

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await confirmation(page, 'Delete Tier').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Tier deleted successfully!')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('an admin adds, edits and deletes a category', async ({ page, request }) => {
  const name = `E2E Category ${tag()}`;
  const slug = name.toLowerCase().replaceAll(' ', '-');
  await signInAsAdmin(page, request);
  await page.goto('/admin/categories');

  await page.getByRole('button', { name: '+ Add Category' }).click();
  const form = modal(page, 'Add Category');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await expect(form.getByLabel('Slug')).toHaveValue(slug);
  await form.getByLabel('Display name').fill('E2E Gadgets');
  await form.getByRole('button', { name: 'Add Category' }).click();

  await expect(toast(page, 'Category created successfully')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: slug });
  await expect(row.getByText('E2E Gadgets')).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();

  await chooseRowAction(page, name, `Edit ${name}`);
  const edit = modal(page, 'Edit Category');
  await edit.getByLabel('Display name').fill('E2E Gizmos');
  await edit.getByLabel('Active').uncheck();
  await edit.getByRole('button', { name: 'Update Category' }).click();
  await expect(toast(page, 'Category updated successfully')).toBeVisible();
  await expect(row.getByText('E2E Gizmos')).toBeVisible();
  await expect(row.getByText('Inactive')).toBeVisible();

  await chooseRowAction(page, name, `Delete ${name}`);
  await confirmation(page, 'Delete Category').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Category deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('an admin creates an item with an image uploaded through the picker; the shop shows it; edit and delete', async ({
  page,
  request,
}) => {
  const name = `E2E Blaster ${tag()}`;
  await signInAsAdmin(page, request);
  await page.goto('/admin/shop');

  await page.getByRole('button', { name: '+ Create Item' }).click();
  const form = modal(page, 'Create Shop Item');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Description').fill('A test blaster made by the browser suite.');
  await form.getByLabel('Category').selectOption('weapons');
  await form.getByLabel('Rarity').selectOption('rare');
  await form.getByLabel('Price in credits').fill('123');
  // Weapons carry game items; a credit pack would hide them.
  await form.getByRole('button', { name: '+ Add Game Item' }).click();
  await form.getByLabel('Game item 1 name').fill('E2E Blaster Mk I');

  await form.getByRole('button', { name: 'Choose image' }).click();
  const picker = modal(page, 'Choose Image');
  await picker.getByRole('tab', { name: 'Upload New' }).click();
  await expect(picker.getByText('PNG, JPG, GIF up to 5MB')).toBeVisible();
  await picker
    .getByLabel('Choose a file')
    .setInputFiles({ name: 'e2e-blaster.png', mimeType: 'image/png', buffer: makePng() });
  await expect(picker.getByText('e2e-blaster.png')).toBeVisible();
  await expect(picker.getByRole('img', { name: 'Preview of the chosen file' })).toBeVisible();
  await picker.getByRole('button', { name: 'Upload & Select' }).click();

  await expect(toast(page, 'Image uploaded successfully!')).toBeVisible();
  await expect(picker).toBeHidden();
  const imagePath = form.getByText(/^\/images\//);
  await expect(imagePath).toBeVisible();
  const imageUrl = (await imagePath.textContent()) ?? '';
  await form.getByRole('button', { name: 'Create Item' }).click();

  await expect(toast(page, 'Item created successfully!')).toBeVisible();
  const active = page.getByRole('region', { name: /^Active Items/ });
  const card = active.getByRole('article', { name });
  await expect(card.getByText('123 credits')).toBeVisible();

  // The shop shows the uploaded picture on the item's card, really loaded.
  await page.goto('/shop');
  const shopCard = page.getByRole('article', { name });
  const picture = shopCard.getByRole('img', { name });
  // At its address by content (cached for a year); 64 px wide, it has no narrower copies.
  const byContent = `${imageUrl}?v=`;
  await expect(picture).toHaveAttribute('src', new RegExp(`^${byContent.replace(/[.?]/g, '\\$&')}[\\w-]{16}$`));
  await expect(picture).toHaveAttribute('srcset', / 64w$/);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  // Made inactive, it moves to the Inactive grid.
  await page.goto('/admin/shop');
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = modal(page, 'Edit Shop Item');
  await edit.getByLabel('Price in USD').fill('2.49');
  await edit.getByLabel('Active', { exact: true }).uncheck();
  await edit.getByRole('button', { name: 'Update Item' }).click();
  await expect(toast(page, 'Item updated successfully!')).toBeVisible();
  const inactiveCard = page.getByRole('region', { name: /^Inactive Items/ }).getByRole('article', { name });
  await expect(inactiveCard.getByText('$2.49')).toBeVisible();
  await expect(active.getByRole('article', { name })).toHaveCount(0);

  await inactiveCard.getByRole('button', { name: `Delete ${name}` }).click();
  await confirmation(page, 'Delete Shop Item').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Item deleted successfully!')).toBeVisible();
  await expect(page.getByRole('article', { name })).toHaveCount(0);

  // The picture goes from the library too, after a confirmation.
  await page.getByRole('button', { name: '+ Create Item' }).click();
  await modal(page, 'Create Shop Item').getByRole('button', { name: 'Choose image' }).click();
  const fileName = imageUrl.split('/').pop() ?? '';
  await picker.getByRole('button', { name: `Delete ${fileName}` }).click();
  await confirmation(page, 'Delete Image').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Image deleted successfully')).toBeVisible();
  await expect(picker.getByRole('button', { name: `Select ${fileName}` })).toHaveCount(0);
});

test("an admin sets a player's credits, tier and admin status", async ({ page, request }) => {
  const player = await registerAccount(request, 'crew');
  await signInAsAdmin(page, request);
  await page.goto('/admin/users');

  await findUser(page, player.username.toUpperCase());
  const row = page.getByRole('row').filter({ hasText: player.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Not linked')).toBeVisible();

  await row.getByRole('button', { name: `Edit credits of ${player.username}` }).click();
  const prompt = modal(page, 'Edit Credits');
  const balance = prompt.getByLabel(`New credit balance for ${player.username}`);
  await balance.fill('-1');
  await prompt.getByRole('button', { name: 'Save Credits' }).click();
  await expect(prompt.getByText('Invalid credits amount')).toBeVisible();
  await balance.fill('777');
  await prompt.getByRole('button', { name: 'Save Credits' }).click();
  await expect(toast(page, 'Credits updated successfully!')).toBeVisible();
  await expect(row.getByText('777', { exact: true })).toBeVisible();

  await row.getByRole('combobox', { name: `Tier of ${player.username}` }).selectOption({ label: 'Captain' });
  await expect(toast(page, 'Tier assigned successfully!')).toBeVisible();
  await page.reload();
  await findUser(page, player.username);
  await expect(row.getByRole('combobox', { name: `Tier of ${player.username}` })).toHaveValue(/.+/);
  await expect(row.getByRole('combobox', { name: `Tier of ${player.username}` }).locator('option:checked')).toHaveText(
    'Captain',
  );

  await row.getByRole('button', { name: /^User: / }).click();
  await confirmation(page, 'Grant Admin Status').getByRole('button', { name: 'Grant Admin' }).click();
  await expect(toast(page, 'Admin status granted successfully!')).toBeVisible();
  await row.getByRole('button', { name: /^Admin: / }).click();
  await confirmation(page, 'Revoke Admin Status').getByRole('button', { name: 'Revoke Admin' }).click();
  await expect(toast(page, 'Admin status revoked successfully!')).toBeVisible();
  await expect(row.getByRole('button', { name: /^User: / })).toBeVisible();
});

test('mail with a custom item arrives as a Pending entry in the player’s inventory', async ({
  page,
  request,
  browser,
}) => {
  const player = await registerAccount(request, 'mail');
  const relic = `E2E Relic ${tag()}`;
  await signInAsAdmin(page, request);
  await page.goto('/admin/users');
  await findUser(page, player.username);

  await chooseRowAction(page, player.username, `Send mail to ${player.username}`);
  const form = page.getByRole('form', { name: `Send mail to ${player.username}` });
  await expect(form.getByLabel('Sender name')).toHaveValue('Admin');
  await form.getByRole('button', { name: 'Send Mail' }).click();
  await expect(form.getByText('Subject and message are required')).toBeVisible();

  await form.getByRole('button', { name: 'Add Item' }).click();
  await expect(form.getByText('Item name is required')).toBeVisible();
  await form.getByLabel('Item name').fill(relic);
  await form.getByLabel('Quantity').fill('2');
  await form.getByRole('button', { name: 'Add Item' }).click();
  await expect(toast(page, 'Custom item added')).toBeVisible();
  await expect(form.getByText(`${relic} × 2`)).toBeVisible();
  await form.getByLabel('Subject').fill('Welcome to the fleet');
  await form.getByLabel('Message').fill('A relic for your hangar.');
  await form.getByRole('button', { name: 'Send Mail' }).click();
  await expect(toast(page, `Mail sent to ${player.username}!`)).toBeVisible();
  await expect(form).toHaveCount(0);

  const playerContext = await browser.newContext();
  try {
    const playerPage = await playerContext.newPage();
    await signIn(playerPage, player.token);
    await playerPage.goto('/inventory');
    const entry = playerPage.getByRole('article', { name: relic });
    await expect(entry).toBeVisible();
    await expect(entry.getByText('Pending')).toBeVisible();
    await expect(entry.getByText('admin mail')).toBeVisible();
  } finally {
    await playerContext.close();
  }
});

test('site settings hide a tab from the navigation at once, and put it back', async ({ page, request }) => {
  const token = await signInAsAdmin(page, request);
  const headers = { Authorization: `Bearer ${token}` };
  const before = (await (await request.get('/api/admin/site-settings', { headers })).json()) as {
    settings: { visibleTabs: Record<string, boolean>; thankYouMessage: string };
  };
  try {
    await page.goto('/admin/settings');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Leaderboard' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Admin', exact: true })).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: 'Admin', exact: true })).toBeChecked();

    await page.getByRole('checkbox', { name: 'Leaderboard' }).uncheck();
    await page.getByLabel('Thank-you message').fill('Thanks from the browser suite!');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(toast(page, 'Settings saved successfully')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Leaderboard' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Leaderboard' })).not.toBeChecked();
    await expect(page.getByLabel('Thank-you message')).toHaveValue('Thanks from the browser suite!');
    await page.getByRole('checkbox', { name: 'Leaderboard' }).check();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(toast(page, 'Settings saved successfully')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Leaderboard' })).toBeVisible();
  } finally {
    const restore = await request.patch('/api/admin/site-settings', { headers, data: before.settings });
    expect(restore.status()).toBe(200);
  }
});
