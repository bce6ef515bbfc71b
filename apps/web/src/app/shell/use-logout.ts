import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '@domino/contracts';
import { notify } from '../../lib/notify';
import { logout } from '../../lib/session';

/**
 * Logout (docs/product.md §4): POST /api/logout when a token is stored; on failure MSG.logoutFailed is shown
 * but the local session is cleared anyway; then /login.
 */
export function useLogout(): { logout: () => Promise<void>; loggingOut: boolean } {
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  const run = useCallback(async () => {
    setLoggingOut(true);
    try {
      const ok = await logout();
      if (!ok) notify.error(MSG.logoutFailed);
      navigate('/login', { replace: true });
    } finally {
      setLoggingOut(false);
    }
  }, [navigate]);
  return { logout: run, loggingOut };
}
