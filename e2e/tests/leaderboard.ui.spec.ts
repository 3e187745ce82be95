// The leaderboard in Chromium: a game server sends stats with its key, the board shows the top 100
// with the signed-in player's own row pinned below it, search and the next page; and an admin
// defines a metric on the Leaderboard tab and hides a cheater, who is then gone from the board.
import { expect, type Page } from '@playwright/test';
import { type Account, loginAccount, registerAccount, signIn, test } from '../fixtures/accounts.ts';
import { createMetric, newGameKey } from '../fixtures/admin.ts';
import { e2eAdmin } from '../playwright.config.ts';

interface Stat {
  eventId: string;
  playerId: string;
  metric: string;
  value: number;
  mode: 'set' | 'add';
}

const tag = () => Date.now().toString(36).slice(-6);

async function sendStats(request: import('@playwright/test').APIRequestContext, secret: string, stats: Stat[]) {
  const response = await request.post('/api/game/stats', {
    headers: { Authorization: `Bearer ${secret}` },
    data: { stats },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { results } = (await response.json()) as { results: { status: string }[] };
  expect(results.map((r) => r.status)).toEqual(stats.map(() => 'applied'));
}

async function openBoard(page: Page, label: string) {
  await page.goto('/leaderboard');
  await page.getByRole('button', { name: label, exact: true }).click();
  await expect(page.getByRole('button', { name: label, exact: true })).toHaveAttribute('aria-pressed', 'true');
}

test('the board shows the top 100, pins the player’s own row below, finds pilots by name and pages on', async ({
  page,
  request,
  player,
}) => {
  test.setTimeout(120_000);
  const key = `kills-${tag()}`;
  const label = `Kills ${key.slice(-6)}`;
  await createMetric(request, { key, label });
  const secret = await newGameKey(request);
  const others: Account[] = [];
  for (let i = 0; i < 100; i += 10) {
    others.push(...(await Promise.all(Array.from({ length: 10 }, () => registerAccount(request, 'ace')))));
  }
  await sendStats(request, secret, [
    ...others.map((other, i) => ({
      eventId: `${key}-${other.id}`,
      playerId: other.id,
      metric: key,
      value: 5000 - i * 10,
      mode: 'set' as const,
    })),
    { eventId: `${key}-${player.id}`, playerId: player.id, metric: key, value: 7, mode: 'add' },
  ]);

  await signIn(page, player.token);
  await openBoard(page, label);
  const table = page.getByRole('table');
  const top = table.locator('tbody').first().getByRole('row');
  await expect(top).toHaveCount(100);
  await expect(top.first()).toContainText(`1${others[0]?.username}5,000`);
  const pinned = page.getByRole('rowgroup', { name: 'Your position' });
  await expect(pinned).toContainText('101');
  await expect(pinned).toContainText(player.username);

  // Search by name: the pilot and their rank.
  const wanted = others[41] as Account;
  await page.getByLabel('Search pilots by name').fill(wanted.username);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(table.locator('tbody').first().getByRole('row')).toHaveCount(1);
  await expect(table.locator('tbody').first()).toContainText(`42${wanted.username}4,590`);

  // Back to the board, then its next page: the player's row is on it, no longer pinned.
  await page.getByLabel('Search pilots by name').fill('');
  await expect(top).toHaveCount(100);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(table.locator('tbody').first().getByRole('row').first()).toContainText(`101${player.username}7`);
  await expect(page.getByRole('rowgroup', { name: 'Your position' })).toHaveCount(0);
});

test('an admin defines a metric on the Leaderboard tab and hides a cheater from the board', async ({
  browser,
  page,
  request,
  player,
}) => {
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, await loginAccount(adminPage.request, e2eAdmin.email, e2eAdmin.password));
  await adminPage.goto('/admin/leaderboard');
  const key = `lap-${tag()}`;
  const label = `Lap ${key.slice(-6)}`;
  await adminPage.getByLabel('Key').fill(key);
  await adminPage.getByLabel('Label').fill(label);
  await adminPage.getByLabel('Order').selectOption({ label: 'Lower is better' });
  await adminPage.getByLabel('Format').selectOption({ label: 'Duration (seconds)' });
  await adminPage.getByRole('button', { name: '+ Add Metric' }).click();
  await expect(adminPage.getByText('Metric created')).toBeVisible();
  await expect(adminPage.getByRole('rowheader', { name: label })).toBeVisible();

  const cheater = await registerAccount(request, 'cheat');
  const secret = await newGameKey(request);
  await sendStats(request, secret, [
    { eventId: `${key}-1`, playerId: cheater.id, metric: key, value: 3, mode: 'set' },
    { eventId: `${key}-2`, playerId: player.id, metric: key, value: 95, mode: 'set' },
  ]);
  await openBoard(page, label);
  await expect(page.getByRole('row', { name: new RegExp(cheater.username) })).toContainText('0:00:03');

  await adminPage.getByLabel('Username').fill(cheater.username);
  await adminPage.getByLabel('Reason').fill('Speed hack');
  await adminPage.getByRole('button', { name: 'Hide Player' }).click();
  await expect(adminPage.getByText(`${cheater.username} is hidden from the leaderboards`)).toBeVisible();
  await expect(adminPage.getByRole('rowheader', { name: cheater.username })).toBeVisible();

  await openBoard(page, label);
  const rows = page.getByRole('table').locator('tbody').first().getByRole('row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`1${player.username}0:01:35`);
  await expect(page.getByText(cheater.username)).toHaveCount(0);
});
