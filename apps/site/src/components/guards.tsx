// Route guards of SPEC.md §2: players-only and admins-only areas. While the session is checked the
// players' guard shows the page's own shell (its handle's, see routes.tsx), the same as the page's
// prerendered HTML, so the page does not jump from a spinner to its layout; the admin's shows Loading.

import { Loading } from '@starport/ui/loading';
import { useSession } from '@starport/ui/session';
import type { ComponentType } from 'react';
import { Navigate, Outlet, useMatches } from 'react-router-dom';

/** What a page route's `handle` carries: its shell, for the guard to show while it waits. */
export interface PageHandle {
  Shell: ComponentType;
}

/** The shell of the deepest matched route that has one, else Loading. */
function PageShell() {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const handle = match.handle as Partial<PageHandle> | undefined;
    if (handle?.Shell) return <handle.Shell />;
  }
  return <Loading />;
}

export function RequireUser() {
  const { user, loading } = useSession();
  if (loading) return <PageShell />;
  if (!user) return <Navigate to="/login" replace />;
  return <Outlet />;
}

export function RequireAdmin() {
  const { user, loading } = useSession();
  if (loading) return <Loading />;
  if (!user?.isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
