// The navigation bar of SPEC.md §2: tabs by role and site settings, the account area, a phone menu.

import type { User, VisibleTabs } from '@starport/api-client/contract';
import { formatCredits, formatCreditsShort } from '@starport/ui/format';
import { useSession } from '@starport/ui/session';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { LogoMark, MenuIcon, ReceiptIcon } from '../components/icon.tsx';
import { BellSlot } from '../notifications/bell-slot.tsx';
import { isRouteVisible } from '../routing/tab-routes.tsx';
import { useSiteSettings } from '../site-settings.tsx';

interface NavTab {
  to: string;
  label: string;
}

/** The tabs one visitor sees, in the order SPEC.md §2 lists them. */
export function getNavTabs(user: User | null, visibleTabs: VisibleTabs): NavTab[] {
  const tabs: NavTab[] = [
    { to: '/', label: 'Home' },
    { to: '/tiers', label: 'Support' },
    { to: '/shop', label: 'Shop' },
    { to: '/updates', label: 'Updates' },
  ];
  if (user) {
    tabs.push(
      { to: '/dashboard', label: 'Dashboard' },
      { to: '/inventory', label: 'Inventory' },
      { to: '/trade', label: 'Trade' },
      { to: '/leaderboard', label: 'Leaderboard' },
    );
  }
  const shown = tabs.filter((item) => isRouteVisible(item.to, visibleTabs));
  // The admin tab ignores the setting: an administrator must always be able to reach the panel.
  if (user?.isAdmin) shown.push({ to: '/admin', label: 'Admin' });
  return shown;
}

export function NavBar() {
  const { user, loading, logout } = useSession();
  const { visibleTabs } = useSiteSettings();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  // A tap on a menu entry navigates; the phone menu should then get out of the way.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the page changes
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  // Leave first: signing out on a players-only page would otherwise bounce through its /login redirect.
  async function handleLogout() {
    await navigate('/', { replace: true });
    await logout();
  }

  const tabs = getNavTabs(user, visibleTabs);

  return (
    <header className="site-header">
      <nav className="nav" aria-label="Main">
        <Link to="/" className="brand">
          <LogoMark />
          <span className="brand-name">Starport</span>
        </Link>

        {/* Where the account area folds into the menu (phones, tablets), the balance stays in sight: what a
            buyer looks at. Drawn from its data attribute and hidden from screen readers, which read it in
            the menu's account link. */}
        {!loading && user ? (
          <span className="nav-balance" aria-hidden="true" data-credits={formatCreditsShort(user.credits)} />
        ) : null}
        {/* Outside the folding menu, so a phone shows the count without opening it. */}
        {!loading && user ? <BellSlot /> : null}

        <button
          type="button"
          className="nav-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <MenuIcon open={menuOpen} />
          <span className="visually-hidden">Menu</span>
        </button>

        <div id="site-menu" className={menuOpen ? 'nav-menu is-open' : 'nav-menu'}>
          <ul className="nav-links">
            {tabs.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'} className="nav-link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>

          {/* While a stored token is being checked, show neither state rather than flash the wrong one. */}
          {loading ? null : user ? (
            <div className="nav-account">
              {/* The player's name opens their Account page, where stores keep it. */}
              <Link to="/account" className="nav-user" title="Account settings">
                <span className="nav-username">{user.username}</span>
                <span className="nav-credits">{formatCredits(user.credits)} credits</span>
                <span className="visually-hidden">, account settings</span>
              </Link>
              {/* An icon beside the name where the full bar shows (it only just fits), words in the phone menu. */}
              <Link to="/purchases" className="btn btn-ghost btn-sm nav-purchases" title="Purchases">
                <ReceiptIcon />
                <span className="nav-purchases-label">Purchases</span>
              </Link>
              <button type="button" className="btn btn-secondary btn-sm" onClick={handleLogout}>
                Logout
              </button>
            </div>
          ) : (
            <div className="nav-account">
              <Link to="/login" className="btn btn-ghost btn-sm">
                Login
              </Link>
              <Link to="/register" className="btn btn-primary btn-sm">
                Sign Up
              </Link>
            </div>
          )}
        </div>
      </nav>
    </header>
  );
}
