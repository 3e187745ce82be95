// The session of SPEC.md §4 against the real API client over a fake fetch: startup, sign-in, sign-out.

import { createApiClient } from '@starport/api-client/client';
import type { User } from '@starport/api-client/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SessionCheck, TokenStore } from './session.tsx';
import { SessionProvider, startSessionCheck, useSession } from './session.tsx';

const pilot: User = {
  _id: 'u1',
  email: 'nova@example.com',
  username: 'nova',
  credits: 250,
  isAdmin: false,
  currentTier: null,
  discordId: null,
  discordUsername: null,
  emailVerified: true,
};

type Route = (init: RequestInit | undefined) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function createFakeApi(routes: Record<string, Route>) {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    calls.push(key);
    const route = routes[key];
    if (!route) return json(404, { error: { message: 'Not found', code: 'not_found' } });
    return route(init);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function createMemoryTokenStore(initial: string | null): TokenStore & { value: string | null } {
  const store = {
    value: initial,
    get: () => store.value,
    set: (token: string) => {
      store.value = token;
    },
    clear: () => {
      store.value = null;
    },
  };
  return store;
}

function SessionView() {
  const { user, loading, login, register, logout } = useSession();
  if (loading) return <p>Checking your session…</p>;
  return (
    <div>
      <p>{user ? `Signed in as ${user.username} with ${user.credits} credits` : 'Signed out'}</p>
      <button type="button" onClick={() => login('nova@example.com', 'hunter22').catch(() => {})}>
        Log in
      </button>
      <button
        type="button"
        onClick={() => register({ email: 'nova@example.com', username: 'nova', password: 'hunter22' }).catch(() => {})}
      >
        Register
      </button>
      <button type="button" onClick={() => logout()}>
        Log out
      </button>
    </div>
  );
}

function clientOver(tokenStore: TokenStore, fetch: typeof globalThis.fetch, onUnauthorized = vi.fn()) {
  return createApiClient({ baseUrl: '/api', getToken: () => tokenStore.get(), fetch, onUnauthorized });
}

function renderSession(
  tokenStore: TokenStore,
  fetch: typeof globalThis.fetch,
  onUnauthorized = vi.fn(),
  firstCheck?: SessionCheck,
) {
  render(
    <SessionProvider
      client={clientOver(tokenStore, fetch, onUnauthorized)}
      tokenStore={tokenStore}
      firstCheck={firstCheck}
    >
      <SessionView />
    </SessionProvider>,
  );
}

describe('session', () => {
  it('is signed out at once when no token is stored, without asking the server', () => {
    const api = createFakeApi({});
    renderSession(createMemoryTokenStore(null), api.fetch);

    expect(screen.getByText('Signed out')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('restores the user from a stored token, loading until /auth/me answers', async () => {
    let answer: (response: Response) => void = () => {};
    const api = createFakeApi({
      'GET /api/auth/me': (init) => {
        expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer stored-token');
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      },
    });
    renderSession(createMemoryTokenStore('stored-token'), api.fetch);

    expect(screen.getByText('Checking your session…')).toBeTruthy();
    await act(async () => answer(json(200, { user: pilot })));

    expect(await screen.findByText('Signed in as nova with 250 credits')).toBeTruthy();
  });

  it('clears a stored token that /auth/me refuses, quietly: a guest on a public page stays there', async () => {
    const tokens = createMemoryTokenStore('expired-token');
    const api = createFakeApi({
      'GET /api/auth/me': () => json(401, { error: { message: 'Not signed in', code: 'unauthorized' } }),
    });
    const onUnauthorized = vi.fn();
    renderSession(tokens, api.fetch, onUnauthorized);

    expect(await screen.findByText('Signed out')).toBeTruthy();
    expect(tokens.value).toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('clears the session when /auth/me cannot be reached at startup', async () => {
    const tokens = createMemoryTokenStore('some-token');
    const api = createFakeApi({
      'GET /api/auth/me': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderSession(tokens, api.fetch);

    expect(await screen.findByText('Signed out')).toBeTruthy();
    expect(tokens.value).toBeNull();
  });

  describe("checked before the first render (the site begins it beside the page's code)", () => {
    it('starts signed in when the check has answered, and asks the server no more', async () => {
      const tokens = createMemoryTokenStore('stored-token');
      const api = createFakeApi({ 'GET /api/auth/me': () => json(200, { user: pilot }) });
      const check = startSessionCheck(clientOver(tokens, api.fetch), tokens);
      await check?.answer;

      renderSession(tokens, api.fetch, vi.fn(), check);

      // The very first render: no "Checking your session…" in between.
      expect(screen.getByText('Signed in as nova with 250 credits')).toBeTruthy();
      await act(async () => {});
      expect(api.calls).toEqual(['GET /api/auth/me']);
    });

    it('shows the check under way until it answers', async () => {
      let answer: (response: Response) => void = () => {};
      const tokens = createMemoryTokenStore('stored-token');
      const api = createFakeApi({
        'GET /api/auth/me': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      });
      const check = startSessionCheck(clientOver(tokens, api.fetch), tokens);

      renderSession(tokens, api.fetch, vi.fn(), check);
      expect(screen.getByText('Checking your session…')).toBeTruthy();
      await act(async () => answer(json(200, { user: pilot })));

      expect(await screen.findByText('Signed in as nova with 250 credits')).toBeTruthy();
      expect(api.calls).toEqual(['GET /api/auth/me']);
    });

    it('clears a token it found refused, quietly', async () => {
      const tokens = createMemoryTokenStore('expired-token');
      const api = createFakeApi({
        'GET /api/auth/me': () => json(401, { error: { message: 'Not signed in', code: 'unauthorized' } }),
      });
      const onUnauthorized = vi.fn();
      const check = startSessionCheck(clientOver(tokens, api.fetch, onUnauthorized), tokens);
      await check?.answer;

      renderSession(tokens, api.fetch, onUnauthorized, check);

      expect(await screen.findByText('Signed out')).toBeTruthy();
      expect(tokens.value).toBeNull();
      expect(onUnauthorized).not.toHaveBeenCalled();
    });

    it('is nothing to wait for when no token is stored', () => {
      const api = createFakeApi({});
      expect(startSessionCheck(clientOver(createMemoryTokenStore(null), api.fetch), createMemoryTokenStore(null))).toBe(
        undefined,
      );
      expect(api.calls).toEqual([]);
    });

    it('does not undo a sign-in made while it was on its way', async () => {
      let answer: (response: Response) => void = () => {};
      const tokens = createMemoryTokenStore('old-token');
      const api = createFakeApi({
        'GET /api/auth/me': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
        'POST /api/auth/login': () => json(200, { token: 'new-token', user: { ...pilot, credits: 900 } }),
      });
      const client = clientOver(tokens, api.fetch);
      const check = startSessionCheck(client, tokens);
      function SignInMeanwhile() {
        const { user, login } = useSession();
        return (
          <>
            <p>{user ? `Signed in with ${user.credits} credits` : 'No one yet'}</p>
            <button type="button" onClick={() => login('nova@example.com', 'hunter22')}>
              Log in
            </button>
          </>
        );
      }
      render(
        <SessionProvider client={client} tokenStore={tokens} firstCheck={check}>
          <SignInMeanwhile />
        </SessionProvider>,
      );

      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
      expect(await screen.findByText('Signed in with 900 credits')).toBeTruthy();
      // The old token's check now comes back refused: the new session stays.
      await act(async () => answer(json(401, { error: { message: 'Not signed in', code: 'unauthorized' } })));

      expect(screen.getByText('Signed in with 900 credits')).toBeTruthy();
      expect(tokens.value).toBe('new-token');
    });
  });

  it('stores the token and shows the user after login', async () => {
    const tokens = createMemoryTokenStore(null);
    const api = createFakeApi({
      'POST /api/auth/login': (init) => {
        expect(JSON.parse(String(init?.body))).toEqual({ email: 'nova@example.com', password: 'hunter22' });
        return json(200, { user: pilot, token: 'fresh-token' });
      },
    });
    renderSession(tokens, api.fetch);

    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Signed in as nova with 250 credits')).toBeTruthy();
    expect(tokens.value).toBe('fresh-token');
  });

  it('stores the token and shows the user after registering', async () => {
    const tokens = createMemoryTokenStore(null);
    const api = createFakeApi({
      'POST /api/auth/register': () => json(201, { user: pilot, token: 'new-token' }),
    });
    renderSession(tokens, api.fetch);

    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Signed in as nova with 250 credits')).toBeTruthy();
    expect(tokens.value).toBe('new-token');
  });

  it('keeps signed out and stores nothing when login is refused', async () => {
    const tokens = createMemoryTokenStore(null);
    const api = createFakeApi({
      'POST /api/auth/login': () => json(401, { error: { message: 'Invalid email or password' } }),
    });
    renderSession(tokens, api.fetch);

    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(api.calls).toEqual(['POST /api/auth/login']));
    expect(screen.getByText('Signed out')).toBeTruthy();
    expect(tokens.value).toBeNull();
  });

  it('revokes the token on logout and signs out even when the server call fails', async () => {
    const tokens = createMemoryTokenStore('stored-token');
    const api = createFakeApi({
      'GET /api/auth/me': () => json(200, { user: pilot }),
      'POST /api/auth/logout': () => json(500, { error: { message: 'Database unavailable' } }),
    });
    renderSession(tokens, api.fetch);
    await screen.findByText('Signed in as nova with 250 credits');

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await screen.findByText('Signed out')).toBeTruthy();
    expect(api.calls).toContain('POST /api/auth/logout');
    expect(tokens.value).toBeNull();
  });
});
