import { describe, expect, it } from 'vitest';
import { MSG_PUSH, MSG_PUSH_BROWSER } from '@domino/contracts';
import { ApiError } from '../../../lib/api';
import {
  DEVICE_TEXT,
  base64UrlToBytes,
  deviceState,
  pushErrorText,
  sameApplicationServerKey,
} from './push';

describe('the notifications section rules', () => {
  it('decodes a base64url VAPID key to its 65 bytes', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 4) % 256);
    bytes[0] = 4;
    const key = Buffer.from(bytes).toString('base64url');
    expect(key).not.toContain('=');
    expect([...base64UrlToBytes(key)]).toEqual([...bytes]);
    expect(sameApplicationServerKey(bytes.buffer, key)).toBe(true);
    const other = Uint8Array.from(bytes);
    other[64] = (other[64]! + 1) % 256;
    expect(sameApplicationServerKey(other.buffer, key)).toBe(false);
    expect(sameApplicationServerKey(null, key)).toBe(false);
  });

  it('says what this device does', () => {
    const s = (supported: boolean, permission: NotificationPermission, subscribed: boolean) =>
      deviceState({ supported, permission, subscribed });
    expect(s(false, 'granted', true)).toBe('unsupported');
    expect(s(true, 'denied', false)).toBe('denied');
    expect(s(true, 'granted', true)).toBe('on');
    expect(s(true, 'granted', false)).toBe('off');
    expect(s(true, 'default', true)).toBe('off');
    for (const text of Object.values(DEVICE_TEXT)) expect(text).toMatch(/[a-záéíóúñ]/);
  });
});

describe('what a failed "Activar notificaciones" says (decision 050)', () => {
  it('explains a private window or a refusal, never "La suscripción del navegador no es válida"', () => {
    const privateWindow = new DOMException(
      'Registration failed - push service not available',
      'AbortError',
    );
    const refused = new DOMException('Registration failed - permission denied', 'NotAllowedError');
    expect(pushErrorText(privateWindow)).toBe(MSG_PUSH_BROWSER.unavailable);
    expect(pushErrorText(refused)).toBe(MSG_PUSH_BROWSER.notAllowed);
    expect(pushErrorText(new TypeError('x'))).toMatch(/ventana privada/);
    expect(pushErrorText(privateWindow)).not.toBe(MSG_PUSH.endpointInvalid);
    expect(pushErrorText(new ApiError(422, null, 'Mensaje del servidor'))).toBe(
      'Mensaje del servidor',
    );
  });
});
