// The route table and guards of SPEC.md §2: who reaches which page, Loading meanwhile, unknown paths.
import { act, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { json, loadedRoutes, makeUser, renderApp } from './test/render-app.tsx';

/** An /auth/me that answers only when the test says so, to look at the guard's Loading state. */
function heldMe() {
  let answer: (response: Response) => void = () => {};
  const route = () =>
    new Promise<Response>((resolve) => {
      answer = resolve;
    });
  return { route, answerWith: (response: Response) => act(async () => answer(response)) };
}

describe('routes', () => {
  it('sends guests from /dashboard to /login', async () => {
    const { router } = renderApp('/dashboard');

    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['/inventory', '/trade'])('sends guests from %s to /login', async (path) => {
    const { router } = renderApp(path);

    await screen.findByRole('button', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows Loading on /dashboard while the stored session is checked, then the welcome', async () => {
    const me = heldMe();
    renderApp('/dashboard', { user: makeUser({ username: 'nova' }), api: { 'GET /api/auth/me': me.route } });

    expect(await screen.findByText('Loading...')).toBeTruthy();
    await me.answerWith(json(200, { user: makeUser({ username: 'nova' }) }));

    expect(await screen.findByRole('heading', { name: 'Welcome, nova' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('sends a player whose stored token is refused from /dashboard to /login', async () => {
    const me = heldMe();
    const { router, tokens } = renderApp('/dashboard', { user: makeUser(), api: { 'GET /api/auth/me': me.route } });

    await screen.findByText('Loading...');
    await me.answerWith(json(401, { error: { message: 'Session expired', code: 'unauthorized' } }));

    await screen.findByRole('button', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
    expect(tokens.value).toBeNull();
  });

  it('shows players their trades on /trade, with New trade', async () => {
    renderApp('/trade', {
      user: makeUser(),
      api: { 'GET /api/trades': () => json(200, { incoming: [], outgoing: [], history: [], creditsInTrades: true }) },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Trade' })).toBeTruthy();
    expect(await screen.findByText('No offers waiting for your answer.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New trade' })).toBeTruthy();
  });

  it('shows players an empty inventory with a link to the shop', async () => {
    renderApp('/inventory', { user: makeUser() });

    expect(await screen.findByRole('heading', { name: 'Inventory' })).toBeTruthy();
    expect(await screen.findByText('Your inventory is empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Visit the Shop' }).getAttribute('href')).toBe('/shop');
  });

  it('shows Loading on /admin while the session is checked, then sends a player home', async () => {
    const me = heldMe();
    const { router } = renderApp('/admin', { user: makeUser(), api: { 'GET /api/auth/me': me.route } });

    expect(await screen.findByText('Loading...')).toBeTruthy();
    await me.answerWith(json(200, { user: makeUser({ isAdmin: false }) }));

    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Admin Panel' })).toBeNull();
  });

  it('sends guests from /admin home', async () => {
    const { router } = renderApp('/admin/users');

    expect(await screen.findByRole('link', { name: 'Get Started' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(['/admin', '/admin/users'])('opens the admin panel at %s for administrators', async (path) => {
    renderApp(path, { user: makeUser({ isAdmin: true }) });

    // The admin chunk is the biggest to load (and transform, the first time): more than findBy's second.
    expect(await screen.findByRole('heading', { name: 'Admin Panel' }, { timeout: 5000 })).toBeTruthy();
  });

  it.each([
    ['/tiers', 'Support'],
    ['/shop', 'Shop'],
    ['/leaderboard', 'Leaderboard'],
  ])('titles %s "%s"', async (path, title) => {
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it('answers an unknown address with a friendly page and a way home', async () => {
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it("shows React Router's default error screen when a page fails to render", async () => {
    const [root, ...rest] = loadedRoutes;
    function Broken(): never {
      throw new Error('engine failure');
    }
    const withBrokenPage = [
      { ...root, children: [...(root?.children ?? []), { path: 'broken', Component: Broken }] },
      ...rest,
    ];
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      renderApp('/broken', { routes: withBrokenPage as RouteObject[] });
      expect(await screen.findByText('Unexpected Application Error!')).toBeTruthy();
      expect(screen.getByText('engine failure')).toBeTruthy();
    } finally {
      consoleError.mockRestore();
    }
  });
});
