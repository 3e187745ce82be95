// Renders the real routes and providers at a path, with the API answered by a fake fetch.

import type { InventoryEntry, ShopCategory, ShopItem, Tier, User } from '@starport/api-client/contract';
import { defaultSiteSettings, type VisibleTabs } from '@starport/api-client/contract';
import { createFakeApi, type FakeRoute, json } from '@starport/ui/testing';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { type Location, MemoryRouter, type RouteObject, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '../app-providers.tsx';
import { routes } from '../routes.tsx';
import { AppRoutes, type PageHandle } from '../routing/app-routes.tsx';

export { type FakeRoute, json } from '@starport/ui/testing';

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
    emailVerified: true,
    ...overrides,
  };
}

export function makeTier(overrides: Partial<Tier> = {}): Tier {
  return {
    _id: 'tier-captain',
    name: 'Captain',
    slug: 'captain',
    price: 9.99,
    icon: '🚀',
    benefits: ['Captain role on Discord', '600 bonus credits every month'],
    popular: false,
    displayOrder: 1,
    isActive: true,
    colorGradient: { from: '#3b82f6', to: '#8b5cf6' },
    discordRole: 'Captain',
    discordRoleId: '',
    discordRoleColor: '#5865F2',
    ...overrides,
  };
}

export function makeCategory(overrides: Partial<ShopCategory> = {}): ShopCategory {
  return {
    _id: 'category-ships',
    name: 'Ships',
    slug: 'ships',
    displayName: 'Ships',
    description: 'Hulls from nimble scouts to capital dreadnoughts.',
    icon: '🚀',
    order: 1,
    isActive: true,
    ...overrides,
  };
}

export function makeItem(overrides: Partial<ShopItem> = {}): ShopItem {
  return {
    _id: 'item-scout',
    name: 'Nova Scout',
    slug: 'nova-scout',
    description: 'A nimble scout hull with long-range sensors.',
    imageUrl: null,
    category: 'ships',
    rarity: 'common',
    discount: 0,
    featured: false,
    priceCredits: 500,
    priceUSD: 0,
    creditAmount: 0,
    gameItems: [{ item_name: 'Nova Scout Hull', item_quantity: 1 }],
    tierExclusive: null,
    isActive: true,
    isTradeable: true,
    isGiftable: true,
    ...overrides,
  };
}

export function makeInventoryEntry(overrides: Partial<InventoryEntry> = {}): InventoryEntry {
  return {
    _id: 'entry-1',
    shopItem: makeItem(),
    quantity: 1,
    deliveredToGame: false,
    createdAt: '2026-11-22T12:00:00.000Z',
    acquiredMethod: 'credit_purchase',
    tradeLocked: false,
    tradeLockedUntil: null,
    location: 'pending',
    keptOnSite: false,
    leased: false,
    acquiredAs: 'purchase',
    acquiredFrom: null,
    giftRefusal: null,
    tradeRefusal: null,
    ...overrides,
  };
}

export interface RenderAppOptions {
  /** Signed in as this user (a token is stored and /auth/me answers with it). */
  user?: User;
  /** The visibleTabs the site settings answer with; all visible when left out. */
  visibleTabs?: Partial<VisibleTabs>;
  /** What the site settings say Discord can do on the server; left out, as an older server's answer. */
  discord?: { linking: boolean; roles: boolean };
  /** Extra or overriding API answers, keyed "METHOD /api/path". */
  api?: Record<string, FakeRoute>;
  /** A route table other than the site's (the site's with a test route added, say). */
  routes?: RouteObject[];
  /** Render inside React's StrictMode, whose doubled effects must not double what a page does. */
  strict?: boolean;
}

const allTabsVisible: VisibleTabs = defaultSiteSettings.visibleTabs;

/** `routes` with each page's own component in place of its lazy one (the admin area stays lazy, as its tests expect). */
async function withPagesLoaded(table: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    table.map(async (route) => {
      const children = route.children ? await withPagesLoaded(route.children) : undefined;
      const handle = route.handle as PageHandle | undefined;
      return { ...route, ...(handle ? { Component: await handle.load() } : {}), children } as RouteObject;
    }),
  );
}

/**
 * The site's routes as a browser has them once a page's chunk has arrived: the tests look at the
 * pages at once. What shows before (the shells) has tests of its own.
 */
export const loadedRoutes = await withPagesLoaded(routes);

/** Where the app is: what the tests read as `router.state.location`. */
interface RouterView {
  state: { location: Location };
}

function LocationProbe({ view }: { view: RouterView }) {
  view.state.location = useLocation();
  return null;
}

export function renderApp(path: string, options: RenderAppOptions = {}) {
  const defaults: Record<string, FakeRoute> = {
    'GET /api/auth/me': () =>
      options.user ? json(200, { user: options.user }) : json(401, { error: { message: 'Not signed in' } }),
    'GET /api/shop/site-settings': () =>
      json(200, {
        settings: { visibleTabs: { ...allTabsVisible, ...options.visibleTabs }, thankYouMessage: '' },
        ...(options.discord ? { discord: options.discord } : {}),
      }),
    'POST /api/auth/logout': () => json(200, { ok: true }),
    'GET /api/stripe/subscription': () => json(200, { subscription: null }),
    'GET /api/tiers': () => json(200, { tiers: [] }),
    'GET /api/status': () => json(200, { playersOnline: 0, servers: 0 }),
    'GET /api/shop/goal': () => json(200, { goalUSD: null, raisedUSD: 0, text: '' }),
    'GET /api/updates': () => json(200, { pinned: null, updates: [], nextCursor: null }),
    'GET /api/shop/categories': () => json(200, { categories: [] }),
    'GET /api/shop/items': () => json(200, { items: [] }),
    'GET /api/shop/user/inventory?*': () => json(200, { inventory: [] }),
    // The admin screens' lists, empty.
    'GET /api/admin/stats': () =>
      json(200, { stats: { totalUsers: 0, activeSubscriptions: 0, shopItems: 0, revenue30d: 0 } }),
    'GET /api/tiers/all': () => json(200, { tiers: [] }),
    'GET /api/shop/admin/items': () => json(200, { items: [] }),
    'GET /api/admin/categories': () => json(200, { categories: [] }),
    'GET /api/admin/users': () => json(200, { users: [] }),
    'GET /api/admin/site-settings': () => json(200, { settings: defaultSiteSettings }),
  };
  const answers = { ...defaults, ...options.api };

  const {
    client,
    calls,
    token: tokens,
    tokenStore,
    unauthorized,
  } = createFakeApi(answers, {
    token: options.user ? 'stored-token' : null,
  });
  const router: RouterView = { state: { location: { pathname: path, search: '', hash: '', state: null, key: '' } } };
  // Where the page sent the browser (payment provider, Discord): jsdom cannot leave the page.
  const navigateAway = vi.fn<(url: string) => void>();

  const app = (
    <AppProviders client={client} tokenStore={tokenStore} navigateAway={navigateAway}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes routes={options.routes ?? loadedRoutes} />
        <LocationProbe view={router} />
      </MemoryRouter>
    </AppProviders>
  );
  const view = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, calls, tokens, unauthorized, navigateAway };
}
