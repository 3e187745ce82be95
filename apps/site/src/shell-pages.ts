// The pages whose HTML is written at build time with their shell (scripts/prerender-shells.mjs), and
// what each one's HTML preloads. Read by that script and by first-load.test.ts, which weighs what
// each page's first visit downloads: one list for both.

export interface ShellPage {
  /** The address the page is served at (dist/<path>/index.html). */
  path: string;
  /** The page's module, relative to the site's root: its chunk and the chunks it imports are preloaded. */
  module: string;
  /** Only a signed-in player sees it: its HTML also preloads SIGNED_IN_MODULES. */
  signedIn?: true;
}

/**
 * The pages with a shell of their own. A page only a signed-in player sees also preloads the
 * notification bell, which the header otherwise asks for only once the session check has answered:
 * one round trip less before the page is whole.
 */
export const SHELL_PAGES: readonly ShellPage[] = [
  { path: '/', module: 'src/pages/home.tsx' },
  { path: '/shop', module: 'src/pages/shop.tsx' },
  { path: '/tiers', module: 'src/pages/tiers.tsx' },
  { path: '/login', module: 'src/pages/login.tsx' },
  { path: '/register', module: 'src/pages/register.tsx' },
  { path: '/forgot-password', module: 'src/pages/forgot-password.tsx' },
  { path: '/reset-password', module: 'src/pages/reset-password.tsx' },
  { path: '/verify-email', module: 'src/pages/verify-email.tsx' },
  { path: '/dashboard', module: 'src/pages/dashboard.tsx', signedIn: true },
  { path: '/inventory', module: 'src/pages/inventory.tsx', signedIn: true },
  { path: '/account', module: 'src/pages/account/account-page.tsx', signedIn: true },
  // The other pages show the layout and Loading until their chunk arrives (not the home page's hero).
  { path: '/trade', module: 'src/pages/trade.tsx', signedIn: true },
  { path: '/leaderboard', module: 'src/pages/leaderboard.tsx' },
  { path: '/updates', module: 'src/pages/updates.tsx' },
  { path: '/purchases', module: 'src/pages/purchases.tsx', signedIn: true },
  { path: '/account-deleted', module: 'src/pages/account/account-deleted-page.tsx' },
  { path: '/billing', module: 'src/pages/billing.tsx', signedIn: true },
  { path: '/checkout', module: 'src/pages/checkout.tsx', signedIn: true },
  { path: '/discord/connect', module: 'src/pages/discord-connect.tsx', signedIn: true },
  { path: '/admin', module: 'src/pages/admin.tsx', signedIn: true },
];

/**
 * The HTML of any address with no shell of its own, nor a parent with one (an unknown address, a
 * page added without one): the layout and Loading, never the home page's hero, until the router
 * draws the page (or Page not found). Rendered at an address no route names, so the not-found
 * page's chunk is what it preloads. The server answers such an address with dist/fallback.html.
 */
export const FALLBACK_SHELL = { path: '/_fallback', module: 'src/pages/not-found.tsx', file: 'fallback.html' } as const;

/**
 * What every page's HTML preloads before its own module: the site's render (React DOM and the
 * providers), which the entry imports once it has begun the first reads (main.tsx).
 */
export const STARTUP_MODULES: readonly string[] = ['src/render-app.tsx'];

/** The bell in the header of a signed-in player (notifications/bell-slot.tsx loads it). */
export const SIGNED_IN_MODULES: readonly string[] = ['src/notifications/notification-bell.tsx'];
