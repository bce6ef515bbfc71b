/**
 * The API's address space (decision 014). The original client (docs/product.md §7) calls one base
 * address made of the host and a `/public` prefix, so `/public/api/*` is served as `/api/*`; and
 * nothing under an API path, known or not, answers with the web app's HTML.
 */

export const PUBLIC_PREFIX = '/public';

/**
 * Fastify `rewriteUrl`: `/public/api/...` -> `/api/...` (query kept); every other URL unchanged.
 * Runs before routing, so the alias reaches the same routes, hooks and limits as `/api/...`.
 */
export function rewritePublicApiUrl(url: string): string {
  if (url.startsWith('/public/api/') || url === '/public/api' || url.startsWith('/public/api?'))
    return url.slice(PUBLIC_PREFIX.length);
  return url;
}

/**
 * Whether a request URL is under an API path (`/api`, `/public/api`), read as loosely as any
 * router or proxy might: any letter case, percent-encoded characters, repeated slashes. Such a
 * URL never gets the web app's index.html, even for GET.
 */
export function isApiPath(url: string): boolean {
  let path = (url.split('?')[0] ?? '').split('#')[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // An undecodable path is not a page of the web app either way.
  }
  path = path.replace(/[\\/]+/g, '/').toLowerCase();
  return /^\/(public\/)?api(\/|$)/.test(path);
}
