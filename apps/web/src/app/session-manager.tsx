import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LIMITS } from '@domino/contracts';
import {
  fetchCurrentUser,
  getSession,
  invalidateSession,
  revokeTokenQuietly,
  updateUser,
  useSession,
} from '../lib/session';
import { readLastActivity, writeLastActivity } from '../lib/storage';
import { loginPathFor } from '../lib/redirect';
import { connectUserSocketSoon } from '../lib/user-socket';
import { isInactive, shouldRecordActivity } from '../lib/timing';

const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click', 'scroll', 'touchstart'] as const;

/**
 * The session's timers (docs/product.md §4, §9), active only while logged in:
 * - on start, validates a restored session with GET /api/user;
 * - every LIMITS.sessionCheckIntervalMs, GET /api/user (a 401 invalidates the session through the
 *   API client, any other failure is ignored until the next check);
 * - records activity (mousemove, keydown, click, scroll, touchstart) at most once per
 *   LIMITS.activityThrottleMs, in localStorage so all tabs share it, and every
 *   LIMITS.inactivityCheckIntervalMs ends the session after LIMITS.inactivityTimeoutMs idle.
 * When the session becomes invalid it navigates to /login (the shell shows the banner).
 */
export function SessionManager() {
  const { token, expired } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // Only a session restored from storage needs validating; a fresh login already has its user.
  const restoredNeedsCheck = useRef(getSession().token !== null);

  // Validate the session restored from storage once on start.
  useEffect(() => {
    if (!restoredNeedsCheck.current || !token) return;
    restoredNeedsCheck.current = false;
    // Not aborted on cleanup: the answer is wanted whatever re-renders happen meanwhile, and a
    // 401 must reach the session-invalid flow.
    fetchCurrentUser()
      .then(updateUser)
      .catch(() => undefined);
  }, [token]);

  // The tab's socket from the start of a session (lib/user-socket.ts).
  useEffect(() => {
    if (token) connectUserSocketSoon();
  }, [token]);

  // Periodic session check.
  useEffect(() => {
    if (!token) return;
    const id = window.setInterval(() => {
      fetchCurrentUser()
        .then(updateUser)
        .catch(() => undefined);
    }, LIMITS.sessionCheckIntervalMs);
    return () => window.clearInterval(id);
  }, [token]);

  // Inactivity logout.
  useEffect(() => {
    if (!token) return;
    let lastRecorded = Date.now();
    writeLastActivity(lastRecorded);

    const onActivity = () => {
      const now = Date.now();
      if (!shouldRecordActivity(lastRecorded, now, LIMITS.activityThrottleMs)) return;
      lastRecorded = now;
      writeLastActivity(now);
    };
    const check = () => {
      const last = Math.max(readLastActivity() ?? 0, lastRecorded);
      if (!isInactive(last, Date.now(), LIMITS.inactivityTimeoutMs)) return;
      revokeTokenQuietly();
      invalidateSession();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };

    for (const name of ACTIVITY_EVENTS) {
      window.addEventListener(name, onActivity, { passive: true, capture: true });
    }
    document.addEventListener('visibilitychange', onVisible);
    const id = window.setInterval(check, LIMITS.inactivityCheckIntervalMs);
    return () => {
      for (const name of ACTIVITY_EVENTS) {
        window.removeEventListener(name, onActivity, { capture: true });
      }
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(id);
    };
  }, [token]);

  // An invalid session goes to /login once, keeping the current page as the post-login target.
  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  });
  useEffect(() => {
    if (!expired) return;
    const { pathname, search, hash } = locationRef.current;
    if (pathname === '/login') return;
    navigate(loginPathFor(`${pathname}${search}${hash}`), { replace: true });
  }, [expired, navigate]);

  return null;
}
