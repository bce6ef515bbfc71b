import { z } from 'zod';

/**
 * Web Push notifications (docs/decisions/025-installable-app-and-web-push.md): the four kinds a
 * player can switch on or off, the shapes of the push API (VAPID public key, subscriptions,
 * preferences), the Spanish texts of every notification, and the refusals. A notification's
 * payload is `{title, body, url, tag}` in Spanish and nothing else: never a tile, a hand or an
 * amount of another player.
 */

/** The kinds of notification, each with its own switch in the profile. */
export const NOTIFICATION_TYPES = ['turn', 'table_start', 'invitation', 'payment'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The profile's Spanish label and hint for each switch. */
export const NOTIFICATION_LABELS: Record<NotificationType, { label: string; hint: string }> = {
  turn: {
    label: 'Es tu turno',
    hint: 'Cuando te toca jugar y no estás mirando la partida.',
  },
  table_start: {
    label: 'Tu mesa empieza',
    hint: 'Cuando tu mesa se completa y la partida está por comenzar.',
  },
  invitation: {
    label: 'Invitaciones',
    hint: 'Cuando alguien te invita a su mesa.',
  },
  payment: {
    label: 'Recargas y retiros',
    hint: 'Cuando el equipo aprueba o rechaza una recarga o un retiro.',
  },
};

/** Spanish messages of the push API and the profile section. */
export const MSG_PUSH = {
  unavailable: 'Las notificaciones no están disponibles en este servidor.',
  endpointInvalid:
    'La suscripción del navegador no es válida. Vuelve a activar las notificaciones.',
  endpointHost:
    'Este navegador usa un servicio de notificaciones que no admitimos. Prueba con Chrome, Firefox, Edge o Safari.',
  keysInvalid:
    'Las claves de la suscripción del navegador no son válidas. Vuelve a activar las notificaciones.',
  subscribed: 'Notificaciones activadas en este dispositivo.',
  unsubscribed: 'Notificaciones desactivadas en este dispositivo.',
  notSubscribed: 'Este dispositivo no tenía las notificaciones activadas.',
  prefsInvalid: 'Indica para cada tipo de aviso si lo quieres (sí o no).',
  prefsSaved: 'Preferencias de notificaciones guardadas.',
  visibilityInvalid: 'Estado de la pestaña no válido.',
} as const;

/**
 * What the browser itself answers when asked to subscribe (docs/decisions/050): a private window,
 * a refused permission or a browser without a push service. Shown instead of a server message.
 */
export const MSG_PUSH_BROWSER = {
  notAllowed:
    'Tu navegador no dejó activar las notificaciones. En una ventana privada o de incógnito no se pueden activar; si no es el caso, permítelas en los ajustes del sitio.',
  unavailable:
    'Este navegador no pudo activar las notificaciones. En una ventana privada o de incógnito no funcionan: abre Dominó en una ventana normal o instala la app.',
} as const;

/** Refusal codes of the push API. */
export const PUSH_CODES = {
  unavailable: 'push/unavailable',
  invalidSubscription: 'push/invalid_subscription',
  notSubscribed: 'push/not_subscribed',
} as const;

/** GET /api/push/public-key: the server's VAPID public key (base64url, uncompressed P-256 point). */
export const vapidKeyResponseSchema = z.object({ public_key: z.string() });
export type VapidKeyResponse = z.infer<typeof vapidKeyResponseSchema>;

/**
 * Base64url without padding of exactly `bytes` bytes (the browser's subscription keys): that many
 * bytes are ceil(bytes * 4 / 3) characters; `first` pins the first character when the first
 * byte is known (0x04, an uncompressed P-256 point, is 'B').
 */
function base64urlOfLength(bytes: number, message: string, first = '') {
  const chars = Math.ceil((bytes * 4) / 3) - first.length;
  return z
    .string({ error: message })
    .regex(new RegExp(`^${first}[A-Za-z0-9_-]{${chars}}$`), { message });
}

/**
 * POST /api/push/subscriptions: the browser's `PushSubscription.toJSON()`. `endpoint` is the
 * push service's https URL (at most 1024 characters); `keys.p256dh` the browser's P-256 public
 * key (65 bytes, base64url) and `keys.auth` its 16-byte secret. The server also checks the
 * endpoint's host against the push services it sends to (apps/server/src/modules/push).
 */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: z
    .string({ error: MSG_PUSH.endpointInvalid })
    .max(1024, { message: MSG_PUSH.endpointInvalid })
    .refine(
      (v) => {
        try {
          const url = new URL(v);
          return url.protocol === 'https:' && url.username === '' && url.password === '';
        } catch {
          return false;
        }
      },
      { message: MSG_PUSH.endpointInvalid },
    ),
  expirationTime: z.number().nullish(),
  keys: z.object(
    {
      p256dh: base64urlOfLength(65, MSG_PUSH.keysInvalid, 'B'),
      auth: base64urlOfLength(16, MSG_PUSH.keysInvalid),
    },
    { error: MSG_PUSH.keysInvalid },
  ),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

/** DELETE /api/push/subscriptions: the endpoint this device stops receiving at. */
export const pushUnsubscribeRequestSchema = z.object({
  endpoint: z
    .string({ error: MSG_PUSH.endpointInvalid })
    .min(1, MSG_PUSH.endpointInvalid)
    .max(1024),
});

/** GET/PUT /api/push/preferences: one switch per kind (all on until the player changes them). */
export const notificationPrefsSchema = z.strictObject(
  {
    turn: z.boolean({ error: MSG_PUSH.prefsInvalid }),
    table_start: z.boolean({ error: MSG_PUSH.prefsInvalid }),
    invitation: z.boolean({ error: MSG_PUSH.prefsInvalid }),
    payment: z.boolean({ error: MSG_PUSH.prefsInvalid }),
  },
  { error: MSG_PUSH.prefsInvalid },
);
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

/** What a player gets before choosing: every kind on (the subscription itself is the opt-in). */
export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = {
  turn: true,
  table_start: true,
  invitation: true,
  payment: true,
};

/** GET /api/push/preferences and the answer of PUT. */
export const notificationSettingsSchema = z.object({
  preferences: notificationPrefsSchema,
  /** How many devices of this player receive notifications. */
  devices: z.number().int().min(0),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/**
 * A notification as it travels to the browser (encrypted by the push service's protocol): the
 * service worker shows `title` and `body`, groups by `tag`, and opens `url` (a path of the app)
 * when clicked.
 */
export const pushMessageSchema = z.strictObject({
  title: z.string().min(1).max(80),
  body: z.string().max(240),
  url: z.string().regex(/^\/(?!\/)/),
  tag: z.string().max(64).optional(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

/** A table's name as a notification quotes it: at most 60 characters (an ellipsis past that). */
function clip(name: string): string {
  const trimmed = name.trim();
  return trimmed.length > 60 ? `${trimmed.slice(0, 59)}…` : trimmed;
}

/**
 * The Spanish notifications the server sends (the invitation's comes from its sender). Each
 * fits pushMessageSchema whatever the table's name.
 */
export const PUSH_TEXTS = {
  turn: (tableName: string, gameId: string): PushMessage => ({
    title: 'Es tu turno',
    body: `Te toca jugar en ${clip(tableName)}. Vuelve antes de que se acabe tu tiempo.`,
    url: `/games/${gameId}`,
    tag: `turn:${gameId}`,
  }),
  tableStart: (tableName: string, gameId: string): PushMessage => ({
    title: '¡Tu mesa está completa!',
    body: `La partida en ${clip(tableName)} empieza en unos segundos.`,
    url: `/games/${gameId}`,
    tag: `start:${gameId}`,
  }),
  /** A friend invited the player to a private table (docs/decisions/024): opens the invitation. */
  invitation: (inv: {
    id: number;
    from_name: string;
    table_name: string;
    link: string;
  }): PushMessage => ({
    title: 'Te invitaron a jugar',
    body: `${clip(inv.from_name)} te invita a ${clip(inv.table_name)}.`,
    url: inv.link,
    tag: `invitation:${inv.id}`,
  }),
  payment: (
    kind: 'recharge' | 'withdrawal',
    outcome: 'approved' | 'rejected',
    id: number,
  ): PushMessage => {
    const texts = {
      recharge: {
        approved: ['Recarga aprobada', 'Tu recarga fue aprobada: el saldo ya está en tu cuenta.'],
        rejected: [
          'Recarga rechazada',
          'Tu recarga fue rechazada. Revisa el motivo en tus transacciones.',
        ],
      },
      withdrawal: {
        approved: ['Retiro pagado', 'Tu retiro fue pagado por Pago Móvil.'],
        rejected: [
          'Retiro rechazado',
          'Tu retiro fue rechazado y el monto volvió a tu saldo. Revisa el motivo en tus transacciones.',
        ],
      },
    } as const;
    const [title, body] = texts[kind][outcome];
    return { title, body, url: '/transactions', tag: `${kind}:${id}` };
  },
};
