import type { Socket } from 'socket.io';
import { CLIENT_EVENTS, MSG, MSG_TALK, talkSendSchema } from '@domino/contracts';
import { AppError } from '../../lib/errors';
import type { SocketSession } from '../realtime/session-guard';
import type { TalkDeps } from './service';
import { sendMessage } from './service';

type Ack = (reply: unknown) => void;

/**
 * `talk:send` of an authenticated socket (docs/decisions/023-table-talk.md): validates the payload
 * with talkSendSchema and calls sendMessage as the socket's user; acks `{ok: true, message}` or
 * `{ok: false, code, message}` with the Spanish refusal. Registered through attachRealtime's
 * `onAuthenticated` (server.ts), so an ended or expired session is refused by the SessionGuard
 * before this handler runs (decision 012), and NUL or lone surrogates by the input guard
 * (decision 014). An anonymous socket has no handler: its `talk:send` gets no answer.
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
    if (!parsed.success)
      return ack({ ok: false, code: 'talk/invalid', message: MSG_TALK.unknownPhrase });
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
