// The admin panel of SPEC.md §2 as one component the site mounts under /admin/* and the desktop
// console at its root: relative routes, the tab links, and the API client injected by the host.
// The host provides the toasts (@starport/ui/toast) and the session (@starport/ui/session).

import type { ApiClient } from '@starport/api-client/client';
import { type SiteSettings, twoFactorMessages } from '@starport/api-client/contract';
import { Link, NavLink, Outlet, Route, Routes, useOutletContext, useResolvedPath } from 'react-router-dom';
import { AuditLog } from './audit/audit-log.tsx';
import { CategoryManagement } from './categories/category-management.tsx';
import { CouponManagement } from './coupons/coupon-management.tsx';
import { CreditCodesScreen } from './credit-codes/credit-codes-screen.tsx';
import { AdminDashboard } from './dashboard.tsx';
import { GameServers } from './game-servers/game-servers.tsx';
import { ShopItemManagement } from './items/item-management.tsx';
import { LeaderboardAdmin } from './leaderboard/leaderboard-admin.tsx';
import { PaymentList } from './payments/payment-list.tsx';
import { PaymentPage } from './payments/payment-page.tsx';
import { SalesScreen } from './sales/sale-management.tsx';
import { SiteSettingsScreen } from './settings/site-settings.tsx';
import { AdminHostProvider, useTwoFactorRefused } from './shared/admin-context.tsx';
import { TierManagement } from './tiers/tier-management.tsx';
import { UpdatesScreen } from './updates/update-management.tsx';
import { UserManagement } from './users/user-management.tsx';

export interface AdminAppProps {
  client: ApiClient;
  /** Told after Site Settings saves, so the host can show or hide its navigation tabs at once. */
  onSiteSettingsSaved?: (settings: SiteSettings) => void;
  /** The desktop console: image files dropped on the window upload while the item form or picker is open. */
  windowDrop?: boolean;
  /** Where the administrator turns on two-factor sign-in: `/account` on the site, the server's page in the console. */
  accountUrl?: string;
}

/** SPEC.md §2: the tab links, relative to wherever the panel is mounted. */
const adminTabs = [
  { to: '', label: 'Dashboard' },
  { to: 'tiers', label: 'Tiers' },
  { to: 'shop', label: 'Shop Items' },
  { to: 'categories', label: 'Categories' },
  { to: 'users', label: 'Users' },
  { to: 'settings', label: 'Site Settings' },
  { to: 'updates', label: 'Updates' },
  // Not in SPEC.md §2: card orders and invoices, refunds and the CSV (issue 22).
  { to: 'payments', label: 'Payments' },
  // Not in SPEC.md §2: the game servers' keys (issue 7).
  { to: 'game-servers', label: 'Game Servers' },
  // Not in SPEC.md §2: the leaderboard's metrics, seasons and hidden players (issue 21).
  { to: 'leaderboard', label: 'Leaderboard' },
  // Not in SPEC.md §2: sales, coupon codes and credit codes (issue 22).
  { to: 'sales', label: 'Sales' },
  { to: 'coupons', label: 'Coupons' },
  { to: 'credit-codes', label: 'Credit Codes' },
  // Not in SPEC.md §2: every admin change (issue 18).
  { to: 'audit', label: 'Audit log' },
] as const;

export function AdminApp({ client, onSiteSettingsSaved, windowDrop, accountUrl = '/account' }: AdminAppProps) {
  return (
    <AdminHostProvider client={client} onSiteSettingsSaved={onSiteSettingsSaved} windowDrop={windowDrop}>
      <Routes>
        <Route path="/" element={<AdminLayout accountUrl={accountUrl} />}>
          <Route index element={<AdminDashboard />} />
          <Route path="tiers" element={<TierManagement />} />
          <Route path="shop" element={<ShopItemManagement />} />
          <Route path="categories" element={<CategoryManagement />} />
          <Route path="users" element={<UserManagement />} />
          <Route path="payments" element={<PaymentList />} />
          <Route path="payments/:id" element={<PaymentPage />} />
          <Route path="settings" element={<SiteSettingsScreen />} />
          <Route path="game-servers" element={<GameServers />} />
          <Route path="leaderboard" element={<LeaderboardAdmin />} />
          <Route path="audit" element={<AuditLog />} />
          <Route path="updates" element={<UpdatesScreen />} />
          <Route path="sales" element={<SalesScreen />} />
          <Route path="credit-codes" element={<CreditCodesScreen />} />
          <Route path="coupons" element={<CouponManagement />} />
          <Route path="*" element={<AdminNotFound />} />
        </Route>
      </Routes>
    </AdminHostProvider>
  );
}

function AdminLayout({ accountUrl }: { accountUrl: string }) {
  const twoFactorRefused = useTwoFactorRefused();
  // The panel's own address (/admin on the site, / in the console), for links back to the dashboard.
  const resolved = useResolvedPath('.').pathname;
  const home = resolved.length > 1 ? resolved.replace(/\/+$/, '') : resolved;
  return (
    <div className="page container admin">
      <header className="admin-header">
        <h1>Admin Panel</h1>
        <p className="text-muted">Tiers, the shop, players and the site, in one place.</p>
      </header>
      <nav className="admin-tabs" aria-label="Admin">
        <ul>
          {adminTabs.map((tab) => (
            <li key={tab.label}>
              <NavLink to={tab.to === '' ? home : tab.to} end={tab.to === ''} className="admin-tab">
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {twoFactorRefused ? (
        <div className="banner banner-warning admin-two-factor" role="alert">
          <span className="banner-text">
            <span>{twoFactorMessages.adminRequired}</span>{' '}
            <a href={accountUrl} target={accountUrl.startsWith('/') ? undefined : '_blank'} rel="noreferrer">
              Open your Account page
            </a>
          </span>
        </div>
      ) : null}
      <section className="admin-screen">
        <Outlet context={home} />
      </section>
    </div>
  );
}

function AdminNotFound() {
  const home = useOutletContext<string>();
  return (
    <div className="empty-state">
      <p>There is no admin screen at this address.</p>
      <Link to={home} className="btn btn-secondary btn-sm">
        Back to the Dashboard
      </Link>
    </div>
  );
}
