/**
 * The installable app's service worker (src/sw.ts built to /sw.js; docs/decisions/041, which
 * supersedes the worker part of decision 025): registered once per page load in production
 * builds, after the page has loaded so it never competes with the first paint. It precaches
 * what offline practice needs ("Jugar sin conexión"), serves the "Sin conexión" page for other
 * navigations without network and shows push notifications. Not registered by the Vite dev
 * server, where a worker would outlive code reloads.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined') return;
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Longest a logout waits for the push clean-up below, in milliseconds. */
const FORGET_PUSH_TIMEOUT_MS = 2_000;

/**
 * Before a logout: the server forgets this browser's push subscription (DELETE
 * /api/push/subscriptions, with the session still valid) and the browser drops it, so whoever
 * uses this browser next never sees the previous player's notifications (docs/decisions/025).
 * Best effort and bounded (FORGET_PUSH_TIMEOUT_MS): a logout never waits longer, nor fails for it.
 */
export async function forgetPushSubscription(
  deleteOnServer: (endpoint: string) => Promise<unknown>,
): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const work = (async () => {
    const reg = await navigator.serviceWorker.getRegistration('/');
    const sub = reg ? await reg.pushManager.getSubscription() : null;
    if (!sub) return;
    await deleteOnServer(sub.endpoint).catch(() => undefined);
    await sub.unsubscribe();
  })().catch(() => undefined);
  let timer: number | undefined;
  await Promise.race([
    work,
    new Promise<void>((resolve) => {
      timer = window.setTimeout(resolve, FORGET_PUSH_TIMEOUT_MS);
    }),
  ]);
  window.clearTimeout(timer);
}
