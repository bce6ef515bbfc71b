import { useQuery } from '@tanstack/react-query';
import {
  messageResponseSchema,
  notificationSettingsSchema,
  vapidKeyResponseSchema,
  type NotificationPrefs,
  type NotificationSettings,
} from '@domino/contracts';
import { apiGet, apiSend } from '../../../lib/api';
import {
  base64UrlToBytes,
  deviceState,
  sameApplicationServerKey,
  type DeviceState,
} from '../lib/push';

/**
 * Push notifications of the profile (docs/decisions/025): the player's switches on the server
 * (GET/PUT /api/push/preferences) and this browser's subscription: asking the permission,
 * subscribing with the server's VAPID key through the service worker (src/sw.ts, served as /sw.js) and handing
 * the subscription to the server (POST /api/push/subscriptions), or the reverse.
 */

export const PUSH_SETTINGS_KEY = ['push', 'settings'] as const;

export function usePushSettings() {
  return useQuery({
    queryKey: PUSH_SETTINGS_KEY,
    queryFn: () => apiGet('/api/push/preferences', notificationSettingsSchema),
  });
}

export function savePushPreferences(prefs: NotificationPrefs): Promise<NotificationSettings> {
  return apiSend('/api/push/preferences', notificationSettingsSchema, {
    method: 'PUT',
    body: prefs,
  });
}

/** Whether this browser has Web Push at all (service workers, PushManager, Notification). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The service worker registration (registered here if the page has not done it yet). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This device's state: unsupported, blocked, receiving, or not yet. */
export async function readDeviceState(): Promise<DeviceState> {
  if (!pushSupported())
    return deviceState({ supported: false, permission: 'default', subscribed: false });
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = reg ? await reg.pushManager.getSubscription() : null;
  return deviceState({ supported: true, permission: Notification.permission, subscribed: !!sub });
}

/**
 * Turns notifications on for this browser: asks the permission (resolves 'denied' when refused),
 * subscribes with the server's key (replacing a subscription made with an older key) and stores
 * the subscription on the server. Rejects with an ApiError (Spanish message) when the server
 * refuses, e.g. push is off there.
 */
export async function enablePush(): Promise<DeviceState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const { public_key } = await apiGet('/api/push/public-key', vapidKeyResponseSchema);
  const reg = await registration();
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameApplicationServerKey(sub.options.applicationServerKey, public_key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlToBytes(public_key),
  });
  await apiSend(
    '/api/push/subscriptions',
    notificationSettingsSchema.extend(messageResponseSchema.shape),
    {
      method: 'POST',
      body: sub.toJSON(),
    },
  );
  return 'on';
}

/** Turns notifications off for this browser: the server forgets it, then the browser does. */
export async function disablePush(): Promise<DeviceState> {
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = reg ? await reg.pushManager.getSubscription() : null;
  if (sub) {
    await apiSend('/api/push/subscriptions', messageResponseSchema, {
      method: 'DELETE',
      body: { endpoint: sub.endpoint },
    }).catch((err: unknown) => {
      // Already unknown to the server (404): the browser still forgets it below.
      if ((err as { status?: number }).status !== 404) throw err;
    });
    await sub.unsubscribe();
  }
  return 'off';
}
