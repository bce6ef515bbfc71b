import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';
import { loginPathFor, redirectTargetFromSearch } from '../lib/redirect';

/**
 * Login-required routes (docs/product.md §2 route table). A visitor is sent to `/login?redirect=<full target
 * path incl. query and hash>`; right after a deliberate logout, to a bare /login.
 */
export function RequireAuth() {
  const { token, endedBy } = useSession();
  const location = useLocation();
  if (!token) {
    const target = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={endedBy === 'logout' ? '/login' : loginPathFor(target)} replace />;
  }
  return <Outlet />;
}

/**
 * Guest-only routes (/, /login, /register, /forgot-password). A logged-in user goes to the login
 * redirect target when one is in the query (so the login page and this guard agree), else /dashboard.
 */
export function GuestOnly() {
  const { token } = useSession();
  const location = useLocation();
  if (token) return <Navigate to={redirectTargetFromSearch(location.search)} replace />;
  return <Outlet />;
}
