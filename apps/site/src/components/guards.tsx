// Route guards of SPEC.md §2: players-only and admins-only areas. While the session is checked the
// players' guard shows the page's own shell (its handle's, see routes.tsx), the same as the page's
// prerendered HTML, so the page does not jump from a spinner to its layout; the admin's shows Loading.

import { Loading } from '@starport/ui/loading';
import { useSession } from '@starport/ui/session';
import { Navigate, Outlet } from 'react-router-dom';
import { PageShell } from '../routing/app-routes.tsx';

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
