// The login form of SPEC.md §2/§5/§8: required fields, the busy label, the failure banner, success.
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeUser, renderApp } from '../test/render-app.tsx';

function fillLogin(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

describe('login page', () => {
  it('asks for both fields before calling the server', () => {
    const { calls } = renderApp('/login');

    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(calls).not.toContain('POST /api/auth/login');
  });

  it("reads 'Logging in...' while busy, then shows the server's refusal in a banner", async () => {
    let answer: (response: Response) => void = () => {};
    const { unauthorized, router } = renderApp('/login', {
      api: {
        'POST /api/auth/login': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    fillLogin('nova@example.com', 'wrong-password');

    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    const busy = await screen.findByRole('button', { name: 'Logging in...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);

    await act(async () => answer(json(401, { error: { message: 'Invalid email or password', code: 'unauthorized' } })));

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(unauthorized).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("falls back to 'Login failed' when the server gives no message", async () => {
    renderApp('/login', {
      api: { 'POST /api/auth/login': () => new Response('Bad gateway', { status: 502 }) },
    });
    fillLogin('nova@example.com', 'hunter22');

    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Login failed');
  });

  it('signs in and goes to the dashboard', async () => {
    const { tokens, router } = renderApp('/login', {
      api: {
        'POST /api/auth/login': ({ body }) => {
          expect(body).toEqual({ email: 'nova@example.com', password: 'hunter22' });
          return json(200, { user: makeUser({ username: 'nova' }), token: 'fresh-token' });
        },
      },
    });
    fillLogin('nova@example.com', 'hunter22');

    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, nova' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(tokens.value).toBe('fresh-token');
  });

  it('links to sign-up', () => {
    renderApp('/login');

    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
  });
});
