// @vitest-environment jsdom
// The console's sign-in with two-factor sign-in on (issue 19): the server answers the password with
// a challenge, and the screen asks for the app's code, or a recovery code, before the session starts.
import { createFakeApi, json, makeAdmin } from '@starport/ui/testing';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignIn } from '../src/renderer/sign-in.tsx';

const server = 'https://shop.example.com';
const expired = 'Your sign-in has expired. Please log in again';

afterEach(() => vi.unstubAllGlobals());

function renderWithCodes(codeAnswers: Response[]) {
  const sent: unknown[] = [];
  const api = createFakeApi(
    {
      [`POST ${server}/api/auth/login`]: () => json(200, { twoFactorRequired: true, challenge: 'challenge-1' }),
      [`POST ${server}/api/auth/login/2fa`]: ({ body }) => {
        sent.push(body);
        return codeAnswers.shift() ?? json(500, {});
      },
    },
    { token: null },
  );
  vi.stubGlobal('fetch', api.fetch);
  const onSignedIn = vi.fn(async (_serverUrl: string, _token: string) => undefined);
  render(<SignIn serverUrl={server} remembersSignIn onSignedIn={onSignedIn} />);
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'admin@starport.test' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  return { onSignedIn, sent, calls: api.calls };
}

const enter = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
};

describe('console sign-in with two-factor sign-in', () => {
  it('asks for the code after the password, and signs in with it', async () => {
    const { onSignedIn, sent, calls } = renderWithCodes([json(200, { token: 'tok-2fa', user: makeAdmin() })]);

    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    enter('Authentication code', '123456');

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(server, 'tok-2fa'));
    expect(sent).toEqual([{ challenge: 'challenge-1', code: '123456' }]);
    expect(calls).toEqual([`POST ${server}/api/auth/login`, `POST ${server}/api/auth/login/2fa`]);
  });

  it('shows a wrong code, then takes a recovery code', async () => {
    const wrong = 'That code is not right. Check your authenticator app and try again';
    const { onSignedIn, sent } = renderWithCodes([
      json(401, { error: { message: wrong, code: 'unauthorized' } }),
      json(200, { token: 'tok-r', user: makeAdmin() }),
    ]);
    await screen.findByLabelText('Authentication code');
    enter('Authentication code', '000000');
    expect((await screen.findByRole('alert')).textContent).toBe(wrong);

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByText('Enter one of your recovery codes. Each works once.')).toBeTruthy();
    enter('Recovery code', 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01');

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(server, 'tok-r'));
    expect(sent).toEqual([
      { challenge: 'challenge-1', code: '000000' },
      { challenge: 'challenge-1', code: 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01' },
    ]);
  });

  it('starts over from the password when the challenge has ended', async () => {
    const { onSignedIn } = renderWithCodes([json(401, { error: { message: expired, code: 'unauthorized' } })]);
    await screen.findByLabelText('Authentication code');
    enter('Authentication code', '123456');

    expect((await screen.findByRole('alert')).textContent).toBe(expired);
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('still turns a player away after the code, and revokes the token', async () => {
    const { onSignedIn, calls } = renderWithCodes([json(200, { token: 'tok-p', user: makeAdmin({ isAdmin: false }) })]);
    await screen.findByLabelText('Authentication code');
    enter('Authentication code', '123456');

    expect((await screen.findByRole('alert')).textContent).toBe('This account is not an administrator');
    expect(onSignedIn).not.toHaveBeenCalled();
    await waitFor(() => expect(calls).toContain(`POST ${server}/api/auth/logout`));
  });
});
