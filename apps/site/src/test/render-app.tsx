// Renders the real routes and providers at a path, with the API answered by a fake fetch.

import { createApiClient } from '@starport/api-client/client';
import type { User } from '@starport/api-client/contract';
import { defaultSiteSettings, type VisibleTabs } from '@starport/api-client/contract';
import type { TokenStore } from '@starport/ui/session';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '../app-providers.tsx';
import { routes } from '../routes.tsx';

export type FakeRoute = (request: { body: unknown; headers: Headers }) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'user-1',
    email: 'nova@example.com',
    username: 'nova',
    credits: 1250,
    isAdmin: false,
    currentTier: null,
    discordId: null,
    discordUsername: null,
    ...overrides,
  };
}

export interface RenderAppOptions {
  /** Signed in as this user (a token is stored and /auth/me answers with it). */
  user?: User;
  /** The visibleTabs the site settings answer with; all visible when left out. */
  visibleTabs?: Partial<VisibleTabs>;
  /** Extra or overriding API answers, keyed "METHOD /api/path". */
  api?: Record<string, FakeRoute>;
  /** A route table other than the site's (the site's with a test route added, say). */
  routes?: RouteObject[];
}

const allTabsVisible: VisibleTabs = defaultSiteSettings.visibleTabs;

export function renderApp(path: string, options: RenderAppOptions = {}) {
  const calls: string[] = [];
  const tokens = {
    value: options.user ? 'stored-token' : (null as string | null),
  };
  const tokenStore: TokenStore = {
    get: () => tokens.value,
    set: (token) => {
      tokens.value = token;
    },
    clear: () => {
      tokens.value = null;
    },
  };

  const defaults: Record<string, FakeRoute> = {
    'GET /api/auth/me': () =>
      options.user ? json(200, { user: options.user }) : json(401, { error: { message: 'Not signed in' } }),
    'GET /api/shop/site-settings': () =>
      json(200, { settings: { visibleTabs: { ...allTabsVisible, ...options.visibleTabs }, thankYouMessage: '' } }),
    'POST /api/auth/logout': () => json(200, { ok: true }),
  };
  const answers = { ...defaults, ...options.api };

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    calls.push(key);
    const answer = answers[key];
    if (!answer) return json(404, { error: { message: `No fake for ${key}` } });
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    return answer({ body, headers: new Headers(init?.headers) });
  });

  const unauthorized = vi.fn();
  const client = createApiClient({
    baseUrl: '/api',
    getToken: () => tokens.value,
    onUnauthorized: unauthorized,
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  const router = createMemoryRouter(options.routes ?? routes, { initialEntries: [path] });

  const view = render(
    <AppProviders client={client} tokenStore={tokenStore}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, calls, tokens, unauthorized };
}
