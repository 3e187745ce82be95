// The account journeys of the Foundation issue, in Chromium against the real server and built site.

import { expect, loginAccount, signIn, test, uniqueAccount } from '../fixtures/accounts.ts';
import { e2eAdmin } from '../playwright.config.ts';

test('a new player registers, lands on the dashboard, stays signed in, logs out and is kept out', async ({ page }) => {
  const account = uniqueAccount('nova');
  await page.goto('/register');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}` })).toBeVisible();
  await expect(page.getByRole('navigation').getByText(account.username)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}` })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[A-Za-z0-9_-]{43}$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the register form shows the validation messages of SPEC.md §5 and sends nothing', async ({ page }) => {
  let registerCalls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/register')) registerCalls += 1;
  });
  await page.goto('/register');
  await page.getByLabel('Email').fill('cadet@example.com');
  await page.getByLabel('Username').fill('ab');
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByLabel('Confirm Password').fill('54321');
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page.getByText('Username must be 3 to 20 characters')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Username').fill('a'.repeat(21));
  await page.getByLabel('Password', { exact: true }).fill('Orbital-Drift-42');
  await page.getByLabel('Confirm Password').fill('Orbital-Drift-43');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Username must be 3 to 20 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  expect(registerCalls).toBe(0);
});

test('the register form says why a password will not do before sending; only that page fetches the common-password list', async ({
  page,
}) => {
  const listFetches: string[] = [];
  let registerCalls = 0;
  page.on('request', (request) => {
    if (/common-passwords/.test(request.url())) listFetches.push(request.url());
    if (request.url().endsWith('/api/auth/register')) registerCalls += 1;
  });
  for (const path of ['/', '/login', '/shop']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(listFetches).toEqual([]);

  await page.goto('/register');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('iloveyou');
  await password.blur();
  await expect(page.getByText('This password is too common. Please choose a less common one')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await password.fill('abcdef');
  await expect(page.getByText('Password cannot be a simple sequence such as abcdef, 123456 or qwerty')).toBeVisible();
  await password.fill('Orbital-Drift-42');
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');
  expect(listFetches).toHaveLength(1);
  expect(registerCalls).toBe(0);
});

test('the server refusal of a taken email is shown on the register form', async ({ page, player }) => {
  await page.goto('/register');
  await page.getByLabel('Email').fill(player.email.toUpperCase());
  await page.getByLabel('Username').fill(`${player.username.slice(0, 15)}x`);
  await page.getByLabel('Password', { exact: true }).fill('Orbital-Drift-42');
  await page.getByLabel('Confirm Password').fill('Orbital-Drift-42');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'An account with this email already exists' })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('a wrong password shows "Invalid email or password" and stays on the login page', async ({ page, player }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password').fill(player.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${player.username}` })).toBeVisible();
});

test('a token revoked elsewhere is dropped and the browser is sent to /login', async ({ page, player, request }) => {
  await signIn(page, player.token);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${player.username}` })).toBeVisible();
  const revoked = await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${player.token}` } });
  expect(revoked.status()).toBe(200);
  // The page may notice by itself (its notification stream is refused) and go to /login while the
  // reload is under way, which aborts the reload: either way the browser must end on /login.
  await page.reload().catch((error: Error) => {
    if (!/ERR_ABORTED|frame was detached/.test(error.message)) throw error;
  });
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a stale token on a public page just signs the visitor out, and they stay on the page', async ({
  page,
  player,
  request,
}) => {
  await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${player.token}` } });
  await signIn(page, player.token);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('guests see the home page with its calls to action, and nothing fails while it loads', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('link', { name: 'Support Us' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Account' })).toBeVisible();
  for (const name of ['Login', 'Sign Up', 'Home', 'Support', 'Shop']) {
    await expect(page.getByRole('navigation').getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('/admin sends a player home and lets an administrator in', async ({ page, player, request }) => {
  await signIn(page, player.token);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);

  const adminToken = await loginAccount(request, e2eAdmin.email, e2eAdmin.password);
  await page.evaluate((token) => localStorage.setItem('token', token), adminToken);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
});
