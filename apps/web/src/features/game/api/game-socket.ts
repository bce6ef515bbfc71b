import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  gameViewSchema,
  spectatorCountEventSchema,
  type GameView,
  type JoinGameAck,
} from '@domino/contracts';
import { openChannel } from '../../../lib/socket';

/**
 * The realtime channel of one game screen, on the tab's shared socket (lib/socket.ts):
 * `game:join` on every (re)connection, then `game:view` pushes. Joining the game's room is the
 * player's presence, so closing the channel leaves it (the shared socket reconnects without it).
 * Pushed views are validated; the caller merges them by version.
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
  /** `game:spectators`: how many watch the match now (docs/decisions/022-spectators.md). */
  onSpectators?(count: number): void;
}

const JOIN_TIMEOUT_MS = 8_000;

export function openGameChannel(gameId: string, handlers: GameChannelHandlers): GameChannel {
  const accept = (payload: unknown) => {
    const parsed = gameViewSchema.safeParse(payload);
    if (parsed.success && parsed.data.game_id === gameId) handlers.onView(parsed.data);
  };
  const channel = openChannel({
    room: { key: `game:${gameId}`, leave: 'on-close' },
    listen: {
      [SERVER_EVENTS.gameView]: accept,
      [SERVER_EVENTS.gameSpectators]: (payload: unknown) => {
        const parsed = spectatorCountEventSchema.safeParse(payload);
        if (parsed.success && parsed.data.game_id === gameId)
          handlers.onSpectators?.(parsed.data.count);
      },
    },
    onConnect: (ch) =>
      ch.request(CLIENT_EVENTS.joinGame, { game_id: gameId }, JOIN_TIMEOUT_MS, (ack) => {
        const reply = ack as Partial<JoinGameAck> | undefined;
        if (!reply) return handlers.onLive(false);
        if (!reply.ok) {
          handlers.onLive(false);
          const refusal = reply as Partial<Extract<JoinGameAck, { ok: false }>>;
          handlers.onJoinError?.(refusal.code ?? 'game/invalid_move', refusal.message ?? '');
          return;
        }
        accept(reply.view);
        handlers.onLive(true);
      }),
    onDown: () => handlers.onLive(false),
  });
  return { close: channel.close };
}
