// The route table of SPEC.md §2, shared by the browser router (main.tsx) and the tests' memory router.

import { Loading } from '@starport/ui/loading';
import type { RouteObject } from 'react-router-dom';
import { RequireAdmin, RequireUser } from './components/guards.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { BillingPage } from './pages/billing.tsx';
import { CheckoutPage } from './pages/checkout.tsx';
import { DashboardPage } from './pages/dashboard.tsx';
import { DiscordConnectPage } from './pages/discord-connect.tsx';
import { HomePage } from './pages/home.tsx';
import { InventoryPage } from './pages/inventory.tsx';
import { LeaderboardPage } from './pages/leaderboard.tsx';
import { LoginPage } from './pages/login.tsx';
import { NotFoundPage } from './pages/not-found.tsx';
import { RegisterPage } from './pages/register.tsx';
import { ShopPage } from './pages/shop.tsx';
import { TiersPage } from './pages/tiers.tsx';
import { TradePage } from './pages/trade.tsx';

// Its own chunk, so players never download the admin screens. HydrateFallback shows while it
// downloads on a first visit straight to an /admin address.
const loadAdminPage = () => import('./pages/admin.tsx');

// No errorElement anywhere on purpose: an unexpected render error shows React Router's own
// 'Unexpected Application Error!' screen, as SPEC.md §2 says.
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      { index: true, Component: HomePage },
      { path: 'login', Component: LoginPage },
      { path: 'register', Component: RegisterPage },
      { path: 'tiers', Component: TiersPage },
      { path: 'shop', Component: ShopPage },
      { path: 'trade', Component: TradePage },
      { path: 'leaderboard', Component: LeaderboardPage },
      {
        Component: RequireUser,
        children: [
          { path: 'dashboard', Component: DashboardPage },
          { path: 'inventory', Component: InventoryPage },
          // The site's own payment pages: the sandbox's checkout and portal, and tier-change confirmations.
          { path: 'checkout/:orderId', Component: CheckoutPage },
          { path: 'billing', Component: BillingPage },
          { path: 'discord/connect', Component: DiscordConnectPage },
        ],
      },
      {
        Component: RequireAdmin,
        // /admin itself and every /admin/... path in one splat route: the admin screens route among
        // themselves with relative paths, so the desktop console can mount the very same screens at
        // its own root.
        children: [{ path: 'admin/*', HydrateFallback: Loading, lazy: loadAdminPage }],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
