// Forgot password to a new password through the mail the server sent (issue 19): the server mails
// through SMTP to the suite's mailbox (scripts/mailbox.mjs), and the test opens the link it received.
import { expect, test, uniqueAccount } from '../fixtures/accounts.ts';
import { e2eMailbox } from '../playwright.config.ts';

interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** The mails to `to` with this subject, once one has arrived (the server's job runner polls every 3 s). */
async function mailTo(to: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (
          await fetch(`${e2eMailbox.origin}/messages?to=${encodeURIComponent(to)}`)
        ).json()) as Mail[];
        found = mails.find((mail) => mail.subject === subject);
        return Boolean(found);
      },
      { timeout: 20_000, intervals: [250] },
    )
    .toBe(true);
  return found as Mail;
}

test('forgot password: the mailed link sets a new password, the old one stops working, the new one signs in', async ({
  page,
  request,
}) => {
  const account = uniqueAccount('lost');
  expect((await request.post('/api/auth/register', { data: account })).status()).toBe(201);
  // The sign-up mailed a link that verifies the address.
  expect((await mailTo(account.email, 'Starport: Verify your email address')).links[0]).toMatch(
    /\/verify-email\?token=/,
  );

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The address bar changes first; the login form stays on screen until the page's code has loaded
  // (a navigation is a transition), and its Email field must not be the one filled.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    /If an account uses this address, a link to reset its password is on its way/,
  );

  const mail = await mailTo(account.email, 'Starport: Reset your password');
  expect(mail.text).toContain('The link works once, for 30 minutes.');
  const link = mail.links[0] ?? '';
  expect(new URL(link).pathname).toBe('/reset-password');

  const newPassword = 'Nebula-Harbour-77';
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText('Your password was changed. Log in with the new one.');

  // The link was used once.
  expect(
    (
      await request.post('/api/auth/reset-password', {
        data: { token: new URL(link).searchParams.get('token'), password: 'Other-Comet-55' },
      })
    ).status(),
  ).toBe(400);
  expect(
    (await request.post('/api/auth/login', { data: { email: account.email, password: account.password } })).status(),
  ).toBe(401);

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}` })).toBeVisible();

  // And the owner was told.
  expect((await mailTo(account.email, 'Starport: Your password was changed')).text).toContain('has been signed out');
});
