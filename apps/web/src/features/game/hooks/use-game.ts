import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { gameMessage } from '@domino/contracts';
import { isApiError, type ApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { fetchGameView, postMove } from '../api/game';
import { openGameChannel } from '../api/game-socket';
import { GameStore, type GameScreenState } from '../lib/game-store';
import { isLegal, type PlayerMove } from '../lib/moves';
import type { KeyValueStore } from '../lib/opener';

/** Poll interval without a live socket (docs/architecture.md#how-a-move-flows fallback), and a slow safety net with one. */
const POLL_OFFLINE_MS = 2_000;
const POLL_LIVE_MS = 12_000;

function sessionStore(): KeyValueStore | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export interface GameConnection extends GameScreenState {
  /** The socket is connected and joined to the game. */
  live: boolean;
  /** How many watch the match as spectators (the socket's latest word, else the view's). */
  spectators: number;
  /** The first load failed (403 not a player, 404, network) and there is no view yet. */
  loadError: ApiError | Error | null;
  /** A move is being sent. */
  sending: boolean;
  play(move: PlayerMove): Promise<void>;
  dismissSummary(): void;
  /** Adds a sentence to the screen's live region. */
  say(text: string): void;
  reload(): void;
}

/**
 * One game screen's live state: loads the view, joins the game over Socket.IO (pushes after
 * every change), polls every 2 s while the socket is down, sends moves over HTTP with the
 * expected version and shows rejections as Spanish toasts.
 */
export function useGame(gameId: string): GameConnection {
  const store = useMemo(() => new GameStore(gameId, sessionStore()), [gameId]);
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const [live, setLive] = useState(false);
  const [loadError, setLoadError] = useState<ApiError | Error | null>(null);
  const [sending, setSending] = useState(false);
  const [spectators, setSpectators] = useState<number | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      fetchGameView(gameId, signal).then(
        (view) => {
          store.receive(view);
          setLoadError(null);
        },
        (error: unknown) => {
          if (signal?.aborted || store.getState().view !== null) return;
          setLoadError(error instanceof Error ? error : new Error(String(error)));
        },
      ),
    [gameId, store],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  useEffect(() => {
    const channel = openGameChannel(gameId, {
      onView: (view) => {
        store.receive(view);
        setSpectators(view.spectators);
      },
      onLive: setLive,
      onSpectators: setSpectators,
    });
    return () => channel.close();
  }, [gameId, store]);

  const finished = state.view?.status === 'finished';
  useEffect(() => {
    if (finished) return;
    const id = window.setInterval(() => void load(), live ? POLL_LIVE_MS : POLL_OFFLINE_MS);
    return () => window.clearInterval(id);
  }, [live, finished, load]);

  const play = useCallback(
    async (move: PlayerMove) => {
      const view = store.getState().view;
      if (!view || store.getState().pending !== null) return;
      if (!isLegal(view.legal_moves, move)) {
        notify.warning(gameMessage('game/illegal_tile'));
        return;
      }
      if ('tile' in move) store.beginPlay(move.tile, move.end);
      setSending(true);
      try {
        store.receive(await postMove(gameId, view.version, move));
      } catch (error) {
        store.cancelPlay();
        const code = isApiError(error) ? error.code : undefined;
        if (code === 'game/stale_version') notify.warning(gameMessage(code));
        else if (isApiError(error)) notify.error(error.message || gameMessage(code ?? ''));
        else notify.error(gameMessage('game/invalid_move'));
        void load();
      } finally {
        setSending(false);
      }
    },
    [gameId, load, store],
  );

  return {
    ...state,
    live,
    spectators: spectators ?? state.view?.spectators ?? 0,
    loadError,
    sending,
    play,
    dismissSummary: store.dismissSummary,
    say: store.say,
    reload: () => void load(),
  };
}
