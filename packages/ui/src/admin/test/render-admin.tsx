// Renders the admin screens as a host would (toasts, session, a router with /admin/* or the root),
// with the API answered by a fake fetch through the real client, and factories for its records.

import type { AdminUser, ShopCategory, ShopItem, SiteSettings, Tier, User } from '@starport/api-client/contract';
import { defaultSiteSettings } from '@starport/api-client/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { SessionProvider } from '../../session/session.tsx';
import { createFakeApi, type FakeRoute, json, makeAdmin } from '../../testing/fake-api.ts';
import { ToastProvider } from '../../toast/toast.tsx';
import { AdminApp } from '../admin-app.tsx';
import { AdminHostProvider } from '../shared/admin-context.tsx';

export { type FakeRequest, type FakeRoute, json, makeAdmin } from '../../testing/fake-api.ts';

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
    description: '',
    icon: '',
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
    description: 'A nimble scout hull.',
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

export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    _id: 'user-nova',
    user_name: 'nova',
    user_email: 'nova@example.com',
    user_created_at: '2026-03-14T12:00:00.000Z',
    discordId: null,
    discordUsername: null,
    credits: 1250,
    currentTier: null,
    isAdmin: false,
    lastLoginAt: null,
    ...overrides,
  };
}

export interface RenderAdminOptions {
  /** Extra or overriding answers, keyed "METHOD /api/path". */
  api?: Record<string, FakeRoute>;
  /** The signed-in administrator. */
  user?: User;
  /** Where the host mounts the panel: under /admin (the site) or at its root (the console). */
  mount?: 'site' | 'root';
  onSiteSettingsSaved?: (settings: SiteSettings) => void;
  /** As the desktop console mounts it: files dropped on the window upload. */
  windowDrop?: boolean;
}

export function renderAdmin(path: string, options: RenderAdminOptions = {}) {
  const user = options.user ?? makeAdmin();
  const defaults: Record<string, FakeRoute> = {
    'GET /api/auth/me': () => json(200, { user }),
    'GET /api/admin/stats': () =>
      json(200, { stats: { totalUsers: 0, activeSubscriptions: 0, shopItems: 0, revenue30d: 0 } }),
    'GET /api/admin/stats/revenue?days=30': () => json(200, { days: [], totalRevenue: 0, totalOrders: 0 }),
    'GET /api/tiers/all': () => json(200, { tiers: [] }),
    'GET /api/shop/admin/items': () => json(200, { items: [] }),
    'GET /api/admin/categories': () => json(200, { categories: [] }),
    'GET /api/shop/admin/images': () => json(200, { images: [] }),
    'GET /api/admin/users': () => json(200, { users: [], nextCursor: null }),
    'GET /api/admin/audit': () => json(200, { entries: [], nextCursor: null }),
    'GET /api/admin/discord/problems': () => json(200, { problems: [] }),
    'GET /api/admin/discord/roles': () => json(200, { roles: [] }),
    'GET /api/admin/jobs?state=dead': () => json(200, { jobs: [] }),
    'GET /api/admin/game-heartbeats': () => json(200, { servers: [] }),
    'GET /api/admin/site-settings': () => json(200, { settings: defaultSiteSettings }),
    'GET /api/shop/site-settings': () =>
      json(200, { settings: defaultSiteSettings, discord: { linking: true, roles: true } }),
  };
  const answers = { ...defaults, ...options.api };

  const { client, calls, requests, fetch, tokenStore } = createFakeApi(answers, { token: 'admin-token' });
  const onSiteSettingsSaved = options.onSiteSettingsSaved ?? vi.fn();
  const mountPath = options.mount === 'root' ? '/*' : '/admin/*';

  const view = render(
    <ToastProvider>
      <SessionProvider client={client} tokenStore={tokenStore}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path={mountPath}
              element={
                <AdminApp
                  client={client}
                  onSiteSettingsSaved={onSiteSettingsSaved}
                  windowDrop={options.windowDrop ?? false}
                />
              }
            />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </ToastProvider>,
  );

  /** How many times a call was made, e.g. count('GET /api/tiers/all'). */
  const count = (key: string) => calls.filter((call) => call === key).length;
  /** The JSON bodies sent with a call, in order. */
  const bodies = (key: string) => requests.filter((request) => request.key === key).map((request) => request.body);
  const forms = (key: string) => requests.filter((request) => request.key === key).map((request) => request.form);
  return { ...view, calls, count, bodies, forms, fetch, onSiteSettingsSaved };
}

/**
 * One admin piece on its own, inside what AdminApp gives every screen (the injected client, toasts),
 * for what the panel cannot reach through its screens. `rerender` hands it new props in place.
 */
export function renderInAdmin(ui: ReactElement, options: { api?: Record<string, FakeRoute> } = {}) {
  const { client, calls } = createFakeApi(options.api ?? {}, { token: 'admin-token' });
  const wrap = (element: ReactElement) => (
    <ToastProvider>
      <AdminHostProvider client={client}>{element}</AdminHostProvider>
    </ToastProvider>
  );
  const view = render(wrap(ui));
  const count = (key: string) => calls.filter((call) => call === key).length;
  return { ...view, rerender: (next: ReactElement) => view.rerender(wrap(next)), count };
}

/** The open modal dialog with this title. */
export function dialog(name: string) {
  return within(screen.getByRole('dialog', { name }));
}

/** The open confirmation with this title. */
export function confirmation(name: string) {
  return within(screen.getByRole('alertdialog', { name }));
}

/**
 * Opens a row's actions menu ("Actions for Ships", data-table.tsx) and chooses one of its actions by
 * its name ("Edit Ships"), as a click would.
 */
export async function chooseRowAction(rowName: string, action: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${rowName}` }));
  fireEvent.click(screen.getByRole('menuitem', { name: action }));
}
