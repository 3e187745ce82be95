// The route table of SPEC.md §2, shared by the browser (main.tsx), the prerendered shells
// (render-shell.tsx) and the tests' memory router; rendered by routing/app-routes.tsx.

import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequireAdmin, RequireUser } from './components/guards.tsx';
import type { PageRead } from './components/use-loaded.ts';
import { RootLayout } from './layout/root-layout.tsx';
import type { PageHandle } from './routing/app-routes.tsx';
import { type LazyPage, lazyPage } from './routing/lazy-page.ts';
import { notFoundPage } from './routing/not-found-page.ts';

/**
 * A page in its own chunk: the first load carries only the layout, and each page's code comes when
 * it is visited, with its shell (`shell`, the page module's export of that name) in the same chunk.
 * The shell is the markup scripts/prerender-shells.mjs writes into the page's HTML, and what the
 * players' guard shows while the session is checked, so nothing moves when the page arrives. While
 * the chunk loads, Loading shows (on a later visit, rarely: navigations are transitions, which keep
 * the previous page up meanwhile).
 */
function page<Name extends string, ShellName extends string = never>(
  path: string | undefined,
  load: () => Promise<Record<NoInfer<Name | ShellName>, ComponentType> & { reads?: readonly PageRead[] }>,
  name: Name,
  shell?: ShellName,
): RouteObject {
  return pageRoute(
    path,
    lazyPage(async () => {
      const module = await load();
      return { Page: module[name], Shell: shell === undefined ? undefined : module[shell], reads: module.reads };
    }),
  );
}

function pageRoute(path: string | undefined, { Component, Shell, preload, load }: LazyPage) {
  const handle: PageHandle = { Shell, preload, load };
  return { ...(path === undefined ? { index: true } : { path }), Component, handle };
}

// Its own chunk, so players never download the admin screens; Loading shows while it downloads
// (no handle: it loads only when an administrator goes there, in the tests too).
const adminPage = lazyPage(async () => ({ Page: (await import('./pages/admin.tsx')).AdminPage }));

// No error boundary in the table on purpose: an unexpected render error shows React Router's default
// 'Unexpected Application Error!' screen (routing/router-error-boundary.tsx), as SPEC.md §2 says.
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      page(undefined, () => import('./pages/home.tsx'), 'HomePage', 'HomeShell'),
      page('login', () => import('./pages/login.tsx'), 'LoginPage', 'LoginShell'),
      page('register', () => import('./pages/register.tsx'), 'RegisterPage', 'RegisterShell'),
      page('forgot-password', () => import('./pages/forgot-password.tsx'), 'ForgotPasswordPage', 'ForgotPasswordShell'),
      page('reset-password', () => import('./pages/reset-password.tsx'), 'ResetPasswordPage', 'ResetPasswordShell'),
      page('verify-email', () => import('./pages/verify-email.tsx'), 'VerifyEmailPage', 'VerifyEmailShell'),
      page('tiers', () => import('./pages/tiers.tsx'), 'TiersPage', 'TiersShell'),
      page('shop', () => import('./pages/shop.tsx'), 'ShopPage', 'ShopShell'),
      page('leaderboard', () => import('./pages/leaderboard.tsx'), 'LeaderboardPage'),
      page('updates', () => import('./pages/updates.tsx'), 'UpdatesPage'),
      page('updates/:slug', () => import('./pages/update-post.tsx'), 'UpdatePostPage'),
      page('account-deleted', () => import('./pages/account/account-deleted-page.tsx'), 'AccountDeletedPage'),
      {
        Component: RequireUser,
        children: [
          page('dashboard', () => import('./pages/dashboard.tsx'), 'DashboardPage', 'DashboardShell'),
          page('inventory', () => import('./pages/inventory.tsx'), 'InventoryPage', 'InventoryShell'),
          page('trade', () => import('./pages/trade.tsx'), 'TradePage'),
          page('account', () => import('./pages/account/account-page.tsx'), 'AccountPage', 'AccountShell'),
          page('purchases', () => import('./pages/purchases.tsx'), 'PurchasesPage'),
          page('purchases/:purchaseId/receipt', () => import('./pages/receipt.tsx'), 'ReceiptPage'),
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
        children: [{ path: 'admin/*', Component: adminPage.Component }],
      },
      pageRoute('*', notFoundPage),
    ],
  },
];
