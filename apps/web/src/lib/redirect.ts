/**
 * Post-login redirection (docs/product.md §2 "Navigation guard"): a protected route visited without login goes
 * to `/login?redirect=<full target path>`; after login the app returns there when the target is a
 * same-site path, else to /dashboard.
 */

export const DEFAULT_AUTHED_PATH = '/dashboard';

/** Routes only visitors may see (docs/product.md §2); a logged-in user is sent away from them. */
export const GUEST_ONLY_PATHS = ['/', '/login', '/register', '/forgot-password'] as const;

const PLACEHOLDER_ORIGIN = 'http://redirect.invalid';

function pathOf(target: string): string {
  return target.split(/[?#]/, 1)[0] ?? target;
}

export function isGuestOnlyPath(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (GUEST_ONLY_PATHS as readonly string[]).includes(normalised || '/');
}

/**
 * Returns `raw` when it is a safe same-site path (starts with a single '/', no scheme, no
 * protocol-relative `//` or `/\`, no control characters, resolves to the same origin and is not a
 * guest-only page); otherwise `DEFAULT_AUTHED_PATH`.
 */
export function sanitizeRedirect(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) {
    return DEFAULT_AUTHED_PATH;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return DEFAULT_AUTHED_PATH;
  let url: URL;
  try {
    url = new URL(raw, PLACEHOLDER_ORIGIN);
  } catch {
    return DEFAULT_AUTHED_PATH;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return DEFAULT_AUTHED_PATH;
  if (isGuestOnlyPath(url.pathname)) return DEFAULT_AUTHED_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The post-login target read from a location's query string (`?redirect=...`). */
export function redirectTargetFromSearch(search: string): string {
  return sanitizeRedirect(new URLSearchParams(search).get('redirect'));
}

/**
 * The login URL for a visitor who asked for `target` (path + query + hash). Guest-only or unsafe
 * targets give a bare `/login`.
 */
export function loginPathFor(target: string): string {
  const safe = sanitizeRedirect(target);
  if (safe === DEFAULT_AUTHED_PATH && pathOf(target) !== DEFAULT_AUTHED_PATH) return '/login';
  return `/login?${new URLSearchParams({ redirect: safe }).toString()}`;
}
