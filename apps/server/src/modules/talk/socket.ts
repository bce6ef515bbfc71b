import type { Socket } from 'socket.io';
import { CLIENT_EVENTS, MSG, MSG_TALK, TALK_TEXT_MAX, talkSendSchema } from '@domino/contracts';
import { AppError } from '../../lib/errors';
import type { SocketSession } from '../realtime/session-guard';
import type { TalkDeps } from './service';
import { sendMessage } from './service';

type Ack = (reply: unknown) => void;

/**
 * The refusal of a `talk:send` payload that does not parse: a text longer than the schema takes
 * is "too long" with the limit (MSG_TALK.textTooLong, like a text the service finds too long
 * after cleaning), a text that is not a string asks for one; anything else is no message of the
 * list (MSG_TALK.unknownPhrase). Decision 048.
 */
function malformedRefusal(payload: unknown): { ok: false; code: string; message: string } {
  const p = (payload ?? {}) as { kind?: unknown; text?: unknown };
  if (p.kind === 'text' && typeof p.text === 'string' && p.text.length > TALK_TEXT_MAX)
    return { ok: false, code: 'talk/text_too_long', message: MSG_TALK.textTooLong };
  if (p.kind === 'text' && typeof p.text !== 'string')
    return { ok: false, code: 'talk/text_empty', message: MSG_TALK.textEmpty };
  return { ok: false, code: 'talk/invalid', message: MSG_TALK.unknownPhrase };
}

/**
 * `talk:send` of an authenticated socket (docs/decisions/023-table-talk.md): validates the payload
 * with talkSendSchema and calls sendMessage as the socket's user; acks `{ok: true, message}` or
 * `{ok: false, code, message}` with the Spanish refusal. Registered through attachRealtime's
 * `onAuthenticated` (talk/module.ts, attached by server.ts), so an ended or expired session is
 * refused by the SessionGuard before this handler runs (decision 012), and NUL or lone surrogates by the input guard
 * (decision 014). An anonymous socket has no handler: its `talk:send` is answered
 * `auth/unauthenticated` by realtime/unserved.ts (decision 048).
 */
export function registerTalkSocket(
  socket: Socket,
  session: SocketSession,
  deps: TalkDeps,
  onError: (err: unknown) => void,
): void {
  socket.on(CLIENT_EVENTS.talkSend, async (payload: unknown, ack?: Ack) => {
    if (typeof ack !== 'function') return;
    const parsed = talkSendSchema.safeParse(payload);
    if (!parsed.success) return ack(malformedRefusal(payload));
    try {
      const message = await sendMessage(deps, session.userId, parsed.data);
      ack({ ok: true, message });
    } catch (err) {
      if (err instanceof AppError) return ack({ ok: false, code: err.code, message: err.message });
      onError(err);
      ack({ ok: false, code: 'server/internal', message: MSG.unexpected });
    }
  });
}
