// The game server connection in Chromium: an admin makes a key on the Game Servers screen, the test
// acts as the game server (polls and acknowledges over HTTP), and the player's purchase shows
// In Game after a reload.

import { expect, type Page } from '@playwright/test';
import { loginAccount, signIn, test } from '../fixtures/accounts.ts';
import { setCredits } from '../fixtures/admin.ts';
import { e2eAdmin } from '../playwright.config.ts';

async function signInAsAdmin(page: Page) {
  await signIn(page, await loginAccount(page.request, e2eAdmin.email, e2eAdmin.password));
}

test('a purchase goes Pending, the game server polls and acknowledges it, and it shows In Game', async ({
  browser,
  page,
  request,
  player,
}) => {
  const adminPage = await (await browser.newContext()).newPage();
  await signInAsAdmin(adminPage);
  await adminPage.goto('/admin/game-servers');
  const serverName = `EU-${Date.now().toString(36)}`;
  await adminPage.getByLabel('Game server name').fill(serverName);
  await adminPage.getByRole('button', { name: '+ Create Key' }).click();
  const keyDialog = adminPage.getByRole('dialog', { name: `Key for ${serverName}` });
  const secret = (await keyDialog.locator('code').innerText()).trim();
  expect(secret).toMatch(/^spk_/);
  await keyDialog.getByRole('button', { name: 'Done' }).click();
  await expect(adminPage.getByRole('rowheader', { name: serverName })).toBeVisible();

  await setCredits(request, player.id, 300);
  const bought = await request.post('/api/shop/purchase', {
    headers: { Authorization: `Bearer ${player.token}` },
    data: { itemId: await scoutCorvetteId(request), quantity: 1 },
  });
  expect(bought.status()).toBe(200);

  await signIn(page, player.token);
  await page.goto('/inventory');
  const entry = page.getByRole('article', { name: 'Scout Corvette' });
  await expect(entry.getByText('Pending')).toBeVisible();

  const game = { Authorization: `Bearer ${secret}` };
  const polled = await request.get(`/api/game/deliveries?online=${player.id}`, { headers: game });
  expect(polled.status()).toBe(200);
  const { deliveries } = (await polled.json()) as {
    deliveries: { id: string; player: { id: string }; items: { item_name: string; item_quantity: number }[] }[];
  };
  const mine = deliveries.filter((d) => d.player.id === player.id);
  expect(mine.map((d) => d.items)).toEqual([[{ item_name: 'ship_scout_corvette', item_quantity: 1 }]]);
  const acked = await request.post('/api/game/deliveries/ack', { headers: game, data: { ids: mine.map((d) => d.id) } });
  expect(((await acked.json()) as { acknowledged: string[] }).acknowledged).toEqual(mine.map((d) => d.id));

  await page.reload();
  await expect(entry.getByText('In Game')).toBeVisible();
  await expect(entry.getByText('Pending')).toHaveCount(0);

  // Revoked on the screen, the key stops working at once.
  await adminPage.reload();
  await adminPage.getByRole('button', { name: `Revoke the key of ${serverName}` }).click();
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(adminPage.getByText('Game server key revoked')).toBeVisible();
  expect((await request.get('/api/game/deliveries', { headers: game })).status()).toBe(401);
});

async function scoutCorvetteId(request: import('@playwright/test').APIRequestContext): Promise<string> {
  const { items } = (await (await request.get('/api/shop/items?category=ships')).json()) as {
    items: { _id: string; slug: string }[];
  };
  const ship = items.find((item) => item.slug === 'scout-corvette');
  expect(ship).toBeTruthy();
  return ship?._id as string;
}
