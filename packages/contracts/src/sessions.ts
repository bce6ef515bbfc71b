import { z } from 'zod';
import { MSG } from './messages';
import { MSG_ADMIN } from './admin';
import { SERVER_EVENTS } from './events';
import { errorSchema } from './errors';

/**
 * How a session ends, as its open sockets learn it (docs/decisions/012-sessions-end-
 * everywhere.md). One event for every cause: the server emits `session:ended {reason, message}` to
 * the session's sockets and then disconnects them; a socket event refused because its session has
 * ended is acknowledged with `{ok: false, code: SESSION_ENDED_CODE, message}`.
 */

/**
 * Socket event pushed to the sockets of a session that ended (then the server drops them); the
 * same name as SERVER_EVENTS.sessionEnded in events.ts.
 */
export const SESSION_ENDED_EVENT = SERVER_EVENTS.sessionEnded;

/** The code of a socket event or handshake refused because the session has ended or expired. */
export const SESSION_ENDED_CODE = 'auth/session_ended';

/**
 * Why a session ended:
 * - `logged_out`: the session itself was closed (POST /api/logout; the tab that logged out ignores
 *   it, any other page still open on that session reads that it was closed elsewhere);
 * - `expired`: its token reached `expires_at`;
 * - `password_changed`: the password was changed from another session of the account;
 * - `password_reset`: the password was reset with an e-mailed link (every session ends);
 * - `suspended`: staff suspended the account (decision 009);
 * - `revoked`: the token is no longer valid and the cause is not known to the node that noticed.
 */
export const SESSION_END_REASONS = [
  'logged_out',
  'expired',
  'password_changed',
  'password_reset',
  'suspended',
  'revoked',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** What the player reads when a session ends (Spanish, es-VE), by reason. */
export const MSG_SESSIONS: Record<SessionEndReason, string> = {
  logged_out:
    'Tu sesión se cerró desde otra pestaña o dispositivo. Inicia sesión de nuevo para continuar.',
  expired: MSG.sessionExpired,
  password_changed:
    'Tu contraseña se cambió desde otra sesión. Inicia sesión con la contraseña nueva.',
  password_reset:
    'Tu contraseña se restableció con el enlace enviado a tu correo. Inicia sesión con la contraseña nueva.',
  suspended: MSG_ADMIN.suspendedNotice,
  revoked: 'Tu sesión ya no es válida. Inicia sesión de nuevo para continuar.',
};

/** Payload of `session:ended`. */
export const sessionEndedEventSchema = z.object({
  reason: z.enum(SESSION_END_REASONS),
  message: z.string().min(1),
});
export type SessionEndedEvent = z.infer<typeof sessionEndedEventSchema>;

/**
 * The body of a 401 (docs/product.md §7 plus the reason): `auth/unauthenticated` without a token;
 * `auth/session_ended` with `reason` when the request's token no longer opens a session, the
 * message being the reason's, as `session:ended` says it.
 */
export const unauthorizedSchema = errorSchema.extend({
  reason: z.enum(SESSION_END_REASONS).optional(),
});
export type UnauthorizedBody = z.infer<typeof unauthorizedSchema>;

/** The payload for a reason (the message is always the one above). */
export function sessionEndedEvent(reason: SessionEndReason): SessionEndedEvent {
  return { reason, message: MSG_SESSIONS[reason] };
}

/**
 * What the real-time transport answers by itself to a malformed connection (Engine.IO's refusals
 * and a namespace the server does not serve), in Spanish (docs/decisions/014). The app's own
 * client never meets these; a hand-made or outdated client does.
 */
export const MSG_REALTIME = {
  unknownTransport: 'Tipo de conexión en tiempo real desconocido.',
  unknownSession: 'La conexión en tiempo real ya no existe. Vuelve a conectarte.',
  badHandshake: 'Método de conexión en tiempo real no válido.',
  badRequest: 'Solicitud de conexión en tiempo real no válida.',
  forbidden: 'Conexión en tiempo real no permitida.',
  unsupportedProtocol: 'Versión del protocolo de tiempo real no compatible. Actualiza la página.',
  unknownNamespace: 'Canal de tiempo real desconocido.',
  /**
   * A socket message no handler serves, answered `realtime/unknown_event` (decision 048: every
   * client message gets an acknowledgement, so no client waits for its own timeout).
   */
  unknownEvent: 'El servidor no reconoce ese mensaje. Actualiza la página y vuelve a intentarlo.',
} as const;
