import { io, type Socket } from 'socket.io-client';
import { gameViewSchema, type GameView } from '@domino/contracts';
import { followSessionEnd } from '../../../lib/socket';

/**
 * The realtime channel of one game screen (DESIGN §5): a Socket.IO connection authenticated with
 * the session token, `game:join` on every (re)connection, and `game:view` pushes. The game screen
 * owns the connection for as long as it is mounted (lib/socket.ts only exposes the table list
 * channel). Pushed views are validated; the caller merges them by version.
 */
export interface GameChannel {
  close(): void;
}

export interface GameChannelHandlers {
  onView(view: GameView): void;
  /** Connected and joined (true), or disconnected / join refused (false). */
  onLive(live: boolean): void;
  /** `game:join` refused with a code (e.g. game/not_a_player). */
  onJoinError?(code: string, message: string): void;
}

interface JoinAck {
  ok: boolean;
  view?: unknown;
  code?: string;
  message?: string;
}

const JOIN_TIMEOUT_MS = 8_000;

export function openGameChannel(
  gameId: string,
  token: string | null,
  handlers: GameChannelHandlers,
): GameChannel {
  let socket: Socket;
  try {
    socket = io({
      path: '/socket.io',
      auth: token ? { token } : {},
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 10_000,
      timeout: 10_000,
    });
  } catch {
    handlers.onLive(false);
    return { close: () => undefined };
  }

  const accept = (payload: unknown) => {
    const parsed = gameViewSchema.safeParse(payload);
    if (parsed.success && parsed.data.game_id === gameId) handlers.onView(parsed.data);
  };

  socket.on('connect', () => {
    socket
      .timeout(JOIN_TIMEOUT_MS)
      .emit('game:join', { game_id: gameId }, (err: Error | null, ack: JoinAck | undefined) => {
        if (err || !ack) return handlers.onLive(false);
        if (!ack.ok) {
          handlers.onLive(false);
          handlers.onJoinError?.(ack.code ?? 'game/invalid_move', ack.message ?? '');
          return;
        }
        accept(ack.view);
        handlers.onLive(true);
      });
  });
  socket.on('disconnect', () => handlers.onLive(false));
  socket.on('connect_error', () => handlers.onLive(false));
  socket.on('game:view', accept);
  // The session ended while the game was open: the app logs out with the server's reason.
  followSessionEnd(socket, () => token);

  return {
    close: () => {
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
