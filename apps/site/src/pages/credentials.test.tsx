// The password and email pages of issue 19: forgot password (the server's one answer), reset from the
// mailed link (the registration rules, then to login with a confirmation), verify email (the token
// sent once, also under StrictMode), and the Account page's Password and Email sections.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeUser, renderApp } from '../test/render-app.tsx';

const sentWords =
  'If an account uses this address, a link to reset its password is on its way. It works for 30 minutes.';
const type = (label: string | RegExp, value: string, scope: Pick<typeof screen, 'getByLabelText'> = screen) =>
  fireEvent.change(scope.getByLabelText(label), { target: { value } });

describe('forgot password', () => {
  it('is linked from the login page, and shows the server’s one answer once sent', async () => {
    const { router } = renderApp('/login', {
      api: {
        'POST /api/auth/forgot-password': ({ body }) => {
          expect(body).toEqual({ email: 'nova@example.com' });
          return json(200, { ok: true, message: sentWords });
        },
      },
    });
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/forgot-password');

    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Email is required')).toBeTruthy();
    type('Email', ' nova@example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toBe(sentWords);
  });
});

describe('reset password', () => {
  it('holds the new password to the rules, then sends the player to log in with a confirmation', async () => {
    const { router, calls } = renderApp('/reset-password?token=tok-123', {
      api: {
        'POST /api/auth/reset-password': ({ body }) => {
          expect(body).toEqual({ token: 'tok-123', password: 'Nebula-Harbour-77' });
          return json(200, { ok: true, message: 'Your password was changed. Sign in with the new one.' });
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    type('New password', 'abcdef');
    type('Confirm new password', 'abcdeg');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('Password cannot be a simple sequence such as abcdef, 123456 or qwerty')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(calls).not.toContain('POST /api/auth/reset-password');

    type('New password', 'Nebula-Harbour-77');
    type('Confirm new password', 'Nebula-Harbour-77');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your password was changed. Log in with the new one.');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the server’s refusal of a used or expired link, and offers a new one', async () => {
    renderApp('/reset-password?token=old', {
      api: {
        'POST /api/auth/reset-password': () =>
          json(400, {
            error: {
              message: 'This password reset link is invalid, has been used or has expired. Ask for a new one.',
              code: 'invalid_request',
            },
          }),
      },
    });
    await screen.findByLabelText('New password');
    type('New password', 'Nebula-Harbour-77');
    type('Confirm new password', 'Nebula-Harbour-77');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/invalid, has been used or has expired/);
    expect(screen.getByRole('link', { name: 'Ask for a new one' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('says so when the link has no token', async () => {
    renderApp('/reset-password');
    expect((await screen.findByRole('alert')).textContent).toBe('This link is missing its token. Ask for a new one.');
    expect(screen.queryByRole('button', { name: 'Set new password' })).toBeNull();
  });
});

describe('verify email', () => {
  it('sends the token once, under StrictMode too, and says which address is verified', async () => {
    const { calls } = renderApp('/verify-email?token=v-1', {
      strict: true,
      api: { 'POST /api/auth/verify-email': () => json(200, { ok: true, email: 'nova@example.com' }) },
    });
    expect((await screen.findByRole('status')).textContent).toBe('nova@example.com is verified.');
    expect(calls.filter((call) => call === 'POST /api/auth/verify-email')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('shows the refusal of a used link', async () => {
    renderApp('/verify-email?token=v-2', {
      api: {
        'POST /api/auth/verify-email': () =>
          json(400, {
            error: {
              message: 'This verification link is invalid, has been used or has expired.',
              code: 'invalid_request',
            },
          }),
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This verification link is invalid, has been used or has expired.',
    );
  });
});

describe('account page', () => {
  it('is for players only', async () => {
    const { router } = renderApp('/account');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('changes the password with the current one and says the other devices were signed out', async () => {
    renderApp('/account', {
      user: makeUser({ username: 'nova', email: 'nova@example.com' }),
      api: {
        'POST /api/account/password': ({ body }) => {
          expect(body).toEqual({ currentPassword: 'Old-Orbit-11', password: 'Nebula-Harbour-77' });
          return json(200, { ok: true, message: 'Your password was changed. Your other devices were signed out.' });
        },
      },
    });
    const section = within(await screen.findByRole('region', { name: 'Password' }));
    fireEvent.click(section.getByRole('button', { name: 'Change password' }));
    expect(section.getByText('Current password is required')).toBeTruthy();
    type('Current password', 'Old-Orbit-11', section);
    type('New password', 'nova', section);
    type('Confirm new password', 'nova', section);
    fireEvent.click(section.getByRole('button', { name: 'Change password' }));
    expect(section.getByText('Password must be at least 6 characters')).toBeTruthy();
    type('New password', 'Nebula-Harbour-77', section);
    type('Confirm new password', 'Nebula-Harbour-77', section);
    fireEvent.click(section.getByRole('button', { name: 'Change password' }));
    expect((await section.findByRole('status')).textContent).toBe(
      'Your password was changed. Your other devices were signed out.',
    );
    // The form is empty again.
    expect((section.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('shows the address unverified with a new link on request, and asks for a change with the password', async () => {
    renderApp('/account', {
      user: makeUser({ email: 'nova@example.com', emailVerified: false }),
      api: {
        'POST /api/account/email/verification': () =>
          json(200, { ok: true, message: 'We sent a new verification link to your email address.' }),
        'POST /api/account/email': ({ body }) => {
          expect(body).toEqual({ email: 'new@example.com', password: 'Old-Orbit-11' });
          return json(200, {
            ok: true,
            message: 'We sent a link to the new address. Your email changes once you open it.',
          });
        },
      },
    });
    const section = within(await screen.findByRole('region', { name: 'Email' }));
    expect(section.getByText('nova@example.com')).toBeTruthy();
    expect(section.getByText('Not verified')).toBeTruthy();
    fireEvent.click(section.getByRole('button', { name: 'Send a new link' }));
    expect((await section.findByRole('status')).textContent).toBe(
      'We sent a new verification link to your email address.',
    );

    type('New email', 'new@example.com', section);
    type('Password', 'Old-Orbit-11', section);
    fireEvent.click(section.getByRole('button', { name: 'Change email' }));
    expect((await section.findByText(/We sent a link to the new address/)).textContent).toBe(
      'We sent a link to the new address. Your email changes once you open it.',
    );
  });

  it('shows a verified address without the resend button', async () => {
    renderApp('/account', { user: makeUser({ emailVerified: true }) });
    const section = within(await screen.findByRole('region', { name: 'Email' }));
    expect(section.getByText('Verified')).toBeTruthy();
    expect(section.queryByRole('button', { name: 'Send a new link' })).toBeNull();
  });
});
