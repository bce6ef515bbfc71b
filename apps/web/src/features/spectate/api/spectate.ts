import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  spectatorCountEventSchema,
  spectatorViewSchema,
  type SpectatorView,
  type WatchGameAck,
} from '@domino/contracts';
import { apiGet } from '../../../lib/api';
import { openChannel } from '../../../lib/socket';

/**
 * Watching a match (docs/decisions/022-spectators.md): the HTTP read of the spectator view and the
 * realtime channel on the tab's shared socket (`game:watch` on every connection, then
 * `game:spectate` and `game:spectators` pushes). Being in the spectators' room is what the watcher
 * count counts, so closing the channel leaves it at once.
 */

/** GET /api/games/{id}/spectate (`code`: a private table's invitation code). */
export function fetchSpectatorView(gameId: string, code: string | null): Promise<SpectatorView> {
  const query = code ? `?code=${encodeURIComponent(code)}` : '';
  return apiGet(`/api/games/${encodeURIComponent(gameId)}/spectate${query}`, spectatorViewSchema);
}

export interface WatchHandlers {
  onView(view: SpectatorView): void;
  onCount(count: number): void;
  /** Connected and watching (true), or disconnected / refused (false). */
  onLive(live: boolean): void;
  /** `game:watch` refused: the Spanish message and its code. */
  onRefused(code: string, message: string): void;
}

const WATCH_TIMEOUT_MS = 8_000;

export function openWatchChannel(
  gameId: string,
  code: string | null,
  handlers: WatchHandlers,
): { close(): void } {
  const accept = (payload: unknown) => {
    const parsed = spectatorViewSchema.safeParse(payload);
    if (parsed.success && parsed.data.game_id === gameId) handlers.onView(parsed.data);
  };
  const channel = openChannel({
    room: { key: `game:${gameId}:watch`, leave: 'on-close' },
    listen: {
      [SERVER_EVENTS.gameSpectate]: accept,
      [SERVER_EVENTS.gameSpectators]: (payload: unknown) => {
        const parsed = spectatorCountEventSchema.safeParse(payload);
        if (parsed.success && parsed.data.game_id === gameId) handlers.onCount(parsed.data.count);
      },
    },
    onConnect: (ch) =>
      ch.request(
        CLIENT_EVENTS.watchGame,
        code ? { game_id: gameId, code } : { game_id: gameId },
        WATCH_TIMEOUT_MS,
        (ack) => {
          const reply = ack as Partial<WatchGameAck> | undefined;
          if (!reply) return handlers.onLive(false);
          if (!reply.ok) {
            handlers.onLive(false);
            const refusal = reply as Partial<Extract<WatchGameAck, { ok: false }>>;
            handlers.onRefused(refusal.code ?? 'game/not_found', refusal.message ?? '');
            return;
          }
          if (reply.view) accept(reply.view);
          handlers.onLive(true);
        },
      ),
    onDown: () => handlers.onLive(false),
  });
  return { close: channel.close };
}
