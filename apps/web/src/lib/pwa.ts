/**
 * The installable app's service worker (public/sw.js; docs/decisions/025): registered once per
 * page load in production builds, after the page has loaded so it never competes with the first
 * paint. It serves the "Sin conexión" page for navigations without network and shows push
 * notifications; it caches nothing else. Not registered by the Vite dev server, where a worker
 * would outlive code reloads.
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
