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

/** Chromium's install offer, kept from `beforeinstallprompt` until the player asks for it. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let installPrompt: InstallPromptEvent | null = null;
const installListeners = new Set<() => void>();

/**
 * Keeps the browser's install offer (`beforeinstallprompt`, Chromium on Android and desktop) so
 * "Instalar Dominó" can show it later (docs/decisions/050); forgets it once installed. Called once
 * at start-up, before the event can fire.
 */
export function watchInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installPrompt = event as InstallPromptEvent;
    for (const l of installListeners) l();
  });
  window.addEventListener('appinstalled', () => {
    installPrompt = null;
    for (const l of installListeners) l();
  });
}

/** Whether the browser offered to install (a button can show the offer now). */
export function canPromptInstall(): boolean {
  return installPrompt !== null;
}

/** Calls `listener` when the install offer comes or goes; returns the unsubscribe. */
export function onInstallPromptChange(listener: () => void): () => void {
  installListeners.add(listener);
  return () => installListeners.delete(listener);
}

/** Shows the browser's install dialog; true when the player accepted. */
export async function promptInstall(): Promise<boolean> {
  const offer = installPrompt;
  if (!offer) return false;
  installPrompt = null;
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  for (const l of installListeners) l();
  return outcome === 'accepted';
}

/**
 * How this browser installs Dominó: 'installed' (opened from the home screen), 'prompt' (the
 * browser offered; a button shows it), 'ios' (Safari on iPhone/iPad never offers: the player uses
 * Compartir → Agregar a inicio), or 'none' (nothing to offer here).
 */
export type InstallWay = 'installed' | 'prompt' | 'ios' | 'none';

/** Decides {@link InstallWay} from what the browser says. Pure. */
export function installWay(input: {
  standalone: boolean;
  promptAvailable: boolean;
  userAgent: string;
  maxTouchPoints: number;
}): InstallWay {
  if (input.standalone) return 'installed';
  if (input.promptAvailable) return 'prompt';
  const ios =
    /iPhone|iPad|iPod/.test(input.userAgent) ||
    // iPadOS asks for the desktop site: a Mac that has a touch screen.
    (/Macintosh/.test(input.userAgent) && input.maxTouchPoints > 1);
  return ios ? 'ios' : 'none';
}
