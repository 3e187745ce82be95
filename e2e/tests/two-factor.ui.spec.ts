// Two-factor sign-in and Sign in with Discord in Chromium (issue 19): a player turns two-factor
// sign-in on from the Account page with a code computed from the key the page shows (as an
// authenticator app would), keeps the recovery codes, then signs in with password and code; and a
// player who linked Discord signs in with it through the fake Discord's authorise page.
import * as OTPAuth from 'otpauth';
import { expect, forgetToken, signIn, test } from '../fixtures/accounts.ts';
import { e2eDiscord } from '../playwright.config.ts';

/** The app's code for this key, `stepsAhead` 30-second steps from now (a used step never works twice). */
const appCode = (secret: string, stepsAhead = 0) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: Date.now() + stepsAhead * 30_000 });

test('a player turns on two-factor sign-in on the Account page, then signs in with password and code', async ({
  page,
  player,
}) => {
  await signIn(page, player.token);
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText('Two-factor sign-in is off.')).toBeVisible();
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();

  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = ((await section.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.getByLabel('Code from the app').fill(appCode(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();

  const codes = section.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await section.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(section.getByText('10 recovery codes left.')).toBeVisible();

  // Signed out, back in: the password, then the code.
  await forgetToken(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password').fill(player.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();

  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. Check your authenticator app and try again',
  );
  // The step the setup used is spent: the app's next code.
  await page.getByLabel('Authentication code').fill(appCode(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${player.username}` })).toBeVisible();
});

test('a player who linked Discord signs in with it; an unknown Discord account is told so', async ({
  page,
  player,
}) => {
  // Nobody has linked the fake's Discord account yet: no account is found, none is made.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Discord' }).click();
  await expect(page).toHaveURL(new RegExp(`^${e2eDiscord.origin}/oauth2/authorize`));
  await page.getByRole('link', { name: 'Authorize' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'No account is linked to this Discord account. Log in with your email and password, then link Discord from your dashboard.',
  );
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, player.token);
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Discord' });
  await card.getByRole('button', { name: 'Link Discord' }).click();
  await page.getByRole('link', { name: 'Authorize' }).click();
  await expect(card.getByText(e2eDiscord.username)).toBeVisible();

  await forgetToken(page);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Discord' }).click();
  await page.getByRole('link', { name: 'Authorize' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${player.username}` })).toBeVisible();

  // Unlinked again, so other tests find the fake's Discord account free.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const unlink = await page.request.post('/api/discord/unlink', { headers: { Authorization: `Bearer ${token}` } });
  expect(unlink.status()).toBe(200);
});
