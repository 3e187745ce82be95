// The login's second step for two-factor sign-in, and Sign in with Discord's way back (issue 19):
// the code field, the recovery code option, the errors, and what the address brings back.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeUser, renderApp } from '../test/render-app.tsx';

const twoFactorAnswer = () => json(200, { twoFactorRequired: true, challenge: 'challenge-1' });
const wrongCode = 'That code is not right. Check your authenticator app and try again';
const expired = 'Your sign-in has expired. Please log in again';

function passwordStep() {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nova@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'hunter22' } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

function enterCode(label: string, code: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('login with two-factor sign-in', () => {
  it('asks for the code after the password, and signs in with it', async () => {
    const sent: unknown[] = [];
    const { tokens, router } = renderApp('/login', {
      api: {
        'POST /api/auth/login': twoFactorAnswer,
        'POST /api/auth/login/2fa': ({ body }) => {
          sent.push(body);
          return json(200, { user: makeUser({ username: 'nova' }), token: 'fresh-token' });
        },
      },
    });
    passwordStep();

    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(tokens.value).toBeNull();
    enterCode('Authentication code', '123 456');

    expect(await screen.findByRole('heading', { name: 'Welcome, nova' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sent).toEqual([{ challenge: 'challenge-1', code: '123456' }]);
    expect(tokens.value).toBe('fresh-token');
  });

  it('says what is wrong with a code before sending it, and shows the server refusal', async () => {
    const { calls } = renderApp('/login', {
      api: {
        'POST /api/auth/login': twoFactorAnswer,
        'POST /api/auth/login/2fa': () => json(401, { error: { message: wrongCode, code: 'unauthorized' } }),
      },
    });
    passwordStep();
    await screen.findByLabelText('Authentication code');

    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the code from your authenticator app')).toBeTruthy();
    enterCode('Authentication code', '12ab');
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(calls).not.toContain('POST /api/auth/login/2fa');

    enterCode('Authentication code', '654321');
    expect((await screen.findByRole('alert')).textContent).toBe(wrongCode);
    expect(screen.getByLabelText('Authentication code')).toBeTruthy();
  });

  it('takes a recovery code instead', async () => {
    const sent: unknown[] = [];
    renderApp('/login', {
      api: {
        'POST /api/auth/login': twoFactorAnswer,
        'POST /api/auth/login/2fa': ({ body }) => {
          sent.push(body);
          return json(200, { user: makeUser({ username: 'nova' }), token: 'fresh-token' });
        },
      },
    });
    passwordStep();
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByText('Enter one of your recovery codes. Each one works once.')).toBeTruthy();
    enterCode('Recovery code', 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01');

    expect(await screen.findByRole('heading', { name: 'Welcome, nova' })).toBeTruthy();
    expect(sent).toEqual([{ challenge: 'challenge-1', code: 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01' }]);
  });

  it('goes back to the password with the reason when the challenge has ended', async () => {
    renderApp('/login', {
      api: {
        'POST /api/auth/login': twoFactorAnswer,
        'POST /api/auth/login/2fa': () => json(401, { error: { message: expired, code: 'unauthorized' } }),
      },
    });
    passwordStep();
    await screen.findByLabelText('Authentication code');
    enterCode('Authentication code', '123456');

    expect((await screen.findByRole('alert')).textContent).toBe(expired);
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });
});

describe('Sign in with Discord', () => {
  it('offers the button, a navigation to the server', () => {
    renderApp('/login');
    expect(screen.getByRole('link', { name: 'Sign in with Discord' }).getAttribute('href')).toBe(
      '/api/discord/sign-in',
    );
  });

  it('leaves the button out on a server without Discord, where it could only fail', async () => {
    renderApp('/login', { discord: { linking: false, roles: false } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Sign in with Discord' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('signs in with the ticket in the address, and takes it out of the address', async () => {
    const sent: unknown[] = [];
    const { router, tokens } = renderApp('/login#discord_ticket=ticket-1', {
      api: {
        'POST /api/auth/login/discord': ({ body }) => {
          sent.push(body);
          return json(200, { user: makeUser({ username: 'nova' }), token: 'discord-token' });
        },
      },
    });

    expect(await screen.findByRole('heading', { name: 'Welcome, nova' })).toBeTruthy();
    expect(sent).toEqual([{ ticket: 'ticket-1' }]);
    expect(tokens.value).toBe('discord-token');
    expect(router.state.location.hash).toBe('');
  });

  it('asks for the two-factor code when the address brings a challenge', async () => {
    const sent: unknown[] = [];
    const { router } = renderApp('/login#challenge=challenge-9', {
      api: {
        'POST /api/auth/login/2fa': ({ body }) => {
          sent.push(body);
          return json(200, { user: makeUser({ username: 'nova' }), token: 'fresh-token' });
        },
      },
    });
    await screen.findByRole('heading', { name: 'Two-factor sign-in' });
    expect(router.state.location.hash).toBe('');
    enterCode('Authentication code', '123456');
    await waitFor(() => expect(sent).toEqual([{ challenge: 'challenge-9', code: '123456' }]));
  });

  it("shows the contract's text for a failure code, never what the address says", async () => {
    const { router } = renderApp('/login?discord_error=unknown_account');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No account is linked to this Discord account. Log in with your email and password, then link Discord from your dashboard.',
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows a generic text for an unknown code', async () => {
    renderApp('/login?discord_error=%3Cb%3Ehacked%3C%2Fb%3E');
    expect((await screen.findByRole('alert')).textContent).toBe('Discord sign-in failed. Please try again.');
  });
});
