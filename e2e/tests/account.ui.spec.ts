// The Account page (issue 19) in Chromium against the real server and built site: signing out another
// device (its next call is signed out), downloading the player's data, and deleting the account.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures/accounts.ts';

/** Signs in through the login form, as a player on another device would. */
async function logInWithForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a player signs out another device from the Account page, and that device is signed out at once', async ({
  browser,
  page,
  player,
}) => {
  // Three sign-ins with the password's memory-hard hash, two browsers.
  test.setTimeout(60_000);
  await logInWithForm(page, player.email, player.password);
  const other = await browser.newContext();
  try {
    const phone = await other.newPage();
    await logInWithForm(phone, player.email, player.password);

    // From the player's name in the navigation to the Account page.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /account settings/i })
      .click();
    await expect(page).toHaveURL(/\/account$/);
    const devices = page.getByRole('region', { name: 'Signed-in devices' });
    // The registration's own session, this browser, and the other one.
    await expect(devices.getByRole('listitem')).toHaveCount(3);
    await expect(devices.getByText('This device')).toHaveCount(1);
    await expect(devices.getByText('Chrome on Linux').first()).toBeVisible();

    const signOutButtons = devices.getByRole('button', { name: /^Sign out .+, last used/ });
    await expect(signOutButtons).toHaveCount(2);
    // The most recently used other device is the phone's: it signed in last.
    await signOutButtons.first().click();
    await expect(page.getByText('Signed out Chrome on Linux.')).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(2);

    // The other browser's next call is refused, and it is sent to the login page.
    await phone.goto('/dashboard');
    await expect(phone).toHaveURL(/\/login$/);
    expect(await phone.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // Sign out all other devices: the registration's session goes too, this one stays.
    await devices.getByRole('button', { name: 'Sign out all other devices' }).click();
    await expect(page.getByText('Signed out 1 other device.')).toBeVisible();
    await expect(devices.getByText('No other device is signed in to your account.')).toBeVisible();
    const stale = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${player.token}` } });
    expect(stale.status()).toBe(401);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  } finally {
    await other.close();
  }
});

test('a player downloads their data as a dated JSON file', async ({ page, player }) => {
  await signIn(page, player.token);
  await page.goto('/account');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download your data' }).click();
  const download = await downloading;

  expect(download.suggestedFilename()).toMatch(/^starport-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = await download.path();
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  expect(data.account).toMatchObject({ _id: player.id, email: player.email, username: player.username });
  expect(data.sessions).toEqual([expect.objectContaining({ current: true })]);
  expect(JSON.stringify(data)).not.toContain(player.token);
  await expect(page.getByText('Your data has been downloaded.')).toBeVisible();
});

test('a player deletes their account: signed out, told so, and the email can sign up again', async ({
  page,
  player,
  request,
}) => {
  await signIn(page, player.token);
  await page.goto('/account');
  const danger = page.getByRole('region', { name: 'Delete account' });
  await danger.getByRole('button', { name: 'Delete account' }).click();

  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByLabel('Password')).toBeFocused();
  await dialog.getByLabel('Password').fill('Not-My-Password-1');
  await dialog.getByLabel(`Type your username, ${player.username}, to confirm`).fill(player.username);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The password is not correct');

  await dialog.getByLabel('Password').fill(player.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The old credentials no longer sign in; the email and username are free again.
  await page.goto('/login');
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password').fill(player.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  const again = await request.post('/api/auth/register', {
    data: { email: player.email, username: player.username, password: player.password },
  });
  expect(again.status()).toBe(201);
});

test('a guest who opens the Account page is asked to log in', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);
});
