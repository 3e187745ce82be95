// The route table of SPEC.md §2, shared by the browser router (main.tsx) and the tests' memory router.

import { Loading } from '@starport/ui/loading';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { type PageHandle, RequireAdmin, RequireUser } from './components/guards.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import {
  AccountShell,
  DashboardShell,
  HomeShell,
  InventoryShell,
  LoginShell,
  RegisterShell,
  ShopShell,
  TiersShell,
} from './pages/page-shells.tsx';

/**
 * A page in its own chunk: the first load carries only the layout and the shells, and each page's
 * code comes when it is visited. Its shell shows meanwhile (HydrateFallback, on a first visit straight
 * to it; a later visit keeps the previous page up while the chunk loads), the same markup
 * scripts/prerender-shells.mjs writes into the page's HTML, so nothing moves when the page arrives.
 */
function page<Name extends string>(
  path: string | undefined,
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  Shell: ComponentType = Loading,
): RouteObject {
  const handle: PageHandle = { Shell };
  return {
    ...(path === undefined ? { index: true } : { path }),
    HydrateFallback: Shell,
    handle,
    lazy: async () => ({ Component: (await load())[name] }),
  };
}

// Its own chunk, so players never download the admin screens. HydrateFallback shows while it
// downloads on a first visit straight to an /admin address.
const loadAdminPage = () => import('./pages/admin.tsx');

// No errorElement anywhere on purpose: an unexpected render error shows React Router's own
// 'Unexpected Application Error!' screen, as SPEC.md §2 says.
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      page(undefined, () => import('./pages/home.tsx'), 'HomePage', HomeShell),
      page('login', () => import('./pages/login.tsx'), 'LoginPage', LoginShell),
      page('register', () => import('./pages/register.tsx'), 'RegisterPage', RegisterShell),
      page('tiers', () => import('./pages/tiers.tsx'), 'TiersPage', TiersShell),
      page('shop', () => import('./pages/shop.tsx'), 'ShopPage', ShopShell),
      page('trade', () => import('./pages/trade.tsx'), 'TradePage'),
      page('leaderboard', () => import('./pages/leaderboard.tsx'), 'LeaderboardPage'),
      page('account-deleted', () => import('./pages/account/account-deleted-page.tsx'), 'AccountDeletedPage'),
      {
        Component: RequireUser,
        children: [
          page('dashboard', () => import('./pages/dashboard.tsx'), 'DashboardPage', DashboardShell),
          page('inventory', () => import('./pages/inventory.tsx'), 'InventoryPage', InventoryShell),
          page('account', () => import('./pages/account/account-page.tsx'), 'AccountPage', AccountShell),
          // The site's own payment pages: the sandbox's checkout and portal, and tier-change confirmations.
          page('checkout/:orderId', () => import('./pages/checkout.tsx'), 'CheckoutPage'),
          page('billing', () => import('./pages/billing.tsx'), 'BillingPage'),
          page('discord/connect', () => import('./pages/discord-connect.tsx'), 'DiscordConnectPage'),
        ],
      },
      {
        Component: RequireAdmin,
        // /admin itself and every /admin/... path in one splat route: the admin screens route among
        // themselves with relative paths, so the desktop console can mount the very same screens at
        // its own root.
        children: [{ path: 'admin/*', HydrateFallback: Loading, lazy: loadAdminPage }],
      },
      page('*', () => import('./pages/not-found.tsx'), 'NotFoundPage'),
    ],
  },
];
