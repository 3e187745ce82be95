// Route guards of SPEC.md §2: players-only and admins-only areas, with a Loading state meanwhile.

import { Loading } from '@starport/ui/loading';
import { useSession } from '@starport/ui/session';
import { Navigate, Outlet } from 'react-router-dom';

export function RequireUser() {
  const { user, loading } = useSession();
  if (loading) return <Loading />;
  if (!user) return <Navigate to="/login" replace />;
  return <Outlet />;
}

export function RequireAdmin() {
  const { user, loading } = useSession();
  if (loading) return <Loading />;
  if (!user?.isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
