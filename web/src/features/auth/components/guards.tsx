import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../../shared/ui/Spinner.js';
import { useAuth } from '../session.js';

/** Signed-in-only routes: spinner while the session loads, /login (remembering the page) without a user. */
export function RequireAuth() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}

/** Admin-only routes: like RequireAuth, and a signed-in non-admin goes home. */
export function RequireAdmin() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  if (!user.isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
