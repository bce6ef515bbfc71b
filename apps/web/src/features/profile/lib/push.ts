import { MSG_PUSH_BROWSER } from '@domino/contracts';
import { isApiError } from '../../../lib/api';

/**
 * Pure rules of the profile's "Notificaciones" section (docs/decisions/025): the VAPID key as the
 * bytes `PushManager.subscribe` wants, whether an existing subscription was made with the
 * server's current key, and what the section says about this device.
 */

/** Decodes base64url (no padding needed) to bytes, as `applicationServerKey` takes it. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Whether a subscription's `options.applicationServerKey` is the server's `publicKey`
 * (base64url). A subscription made with another key (the server's keys changed) cannot receive
 * this server's messages and must be replaced.
 */
export function sameApplicationServerKey(
  current: ArrayBuffer | null | undefined,
  publicKey: string,
): boolean {
  if (!current) return false;
  const a = new Uint8Array(current);
  const b = base64UrlToBytes(publicKey);
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** What this device can do: no Web Push, blocked by the player, receiving, or not yet. */
export type DeviceState = 'unsupported' | 'denied' | 'on' | 'off';

/** The device's state from what the browser says. */
export function deviceState(input: {
  supported: boolean;
  permission: NotificationPermission;
  subscribed: boolean;
}): DeviceState {
  if (!input.supported) return 'unsupported';
  if (input.permission === 'denied') return 'denied';
  return input.permission === 'granted' && input.subscribed ? 'on' : 'off';
}

/** The section's Spanish line for each state. */
export const DEVICE_TEXT: Record<DeviceState, string> = {
  unsupported:
    'Este navegador no admite notificaciones. En iPhone o iPad, agrega Dominó a tu pantalla de inicio y ábrelo desde allí.',
  denied:
    'Bloqueaste las notificaciones de Dominó en este navegador. Para recibirlas, permítelas en los ajustes del sitio y vuelve aquí.',
  on: 'Activadas en este dispositivo.',
  off: 'Desactivadas en este dispositivo. Actívalas para enterarte aunque no tengas Dominó abierto.',
};

/**
 * The Spanish for a failed "Activar notificaciones": the server's own message for a refused
 * request, else what the browser's refusal means (a private window, permission, no push service;
 * `pushManager.subscribe` rejects with a DOMException). Never the server's "invalid subscription",
 * which only a request that reached the server can earn.
 */
export function pushErrorText(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (error instanceof DOMException && error.name === 'NotAllowedError')
    return MSG_PUSH_BROWSER.notAllowed;
  return MSG_PUSH_BROWSER.unavailable;
}
