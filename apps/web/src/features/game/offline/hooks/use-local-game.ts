import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { MSG_OFFLINE, gameMessage, type Difficulty } from '@domino/contracts';
import { notify } from '../../../../lib/notify';
import { GameStore, type GameScreenState } from '../../lib/game-store';
import { isLegal, type PlayerMove } from '../../lib/moves';
import type { FromWorker, LocalResult, Pace, ToWorker } from '../lib/protocol';
import { localGameView } from '../lib/view';

/** How the page opens its match: a new deal against `difficulty`, or the one kept on the device. */
export type LocalStart = { kind: 'new'; difficulty: Difficulty } | { kind: 'resume' };

/**
 * The history state /sin-conexion puts on its way to /sin-conexion/partida to deal a new match;
 * without it (a reload, "Continuar partida") the page continues the match on the device.
 */
export interface OfflineGameIntent {
  difficulty: Difficulty;
}

export interface LocalGame extends GameScreenState {
  /** Resume found no match on the device. */
  missing: boolean;
  /** The worker could not run the match (a Spanish message), or null. */
  failure: string | null;
  /** The finished match's stored result, once IndexedDB has it. */
  saved: LocalResult | null;
  /** A move is on its way to the worker. */
  sending: boolean;
  play(move: PlayerMove): void;
  dismissSummary(): void;
  /** Adds a text to the live region (the reading keys; docs/decisions/044). */
  say(text: string): void;
}

const EMPTY_STORE = new GameStore('');

function sessionStore() {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Starts the match worker; a separate function so the bundler finds the worker's URL. */
function startWorker(): Worker {
  return new Worker(new URL('../worker/match.worker.ts', import.meta.url), {
    type: 'module',
    name: 'partida-sin-conexion',
  });
}

/**
 * The offline match's state for the game screen (docs/decisions/041), the offline twin of
 * useGame: the same GameStore and GameScreenState, fed by the match's Web Worker instead of the
 * server. `start` and `pace` are read once, when the page mounts. Moves are checked against the
 * legal moves first (a Spanish warning otherwise), drawn optimistically and sent with the view's
 * version; a refusal undoes the drawing and shows its Spanish message.
 */
export function useLocalGame(start: LocalStart, pace: Pace): LocalGame {
  const [store, setStore] = useState<GameStore>(EMPTY_STORE);
  const storeRef = useRef(store);
  const workerRef = useRef<Worker | null>(null);
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<LocalResult | null>(null);
  const [sending, setSending] = useState(false);
  const startRef = useRef({ start, pace });
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);

  const unsupported = typeof Worker === 'undefined' || typeof indexedDB === 'undefined';

  useEffect(() => {
    if (unsupported) return;
    const worker = startWorker();
    workerRef.current = worker;
    worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      switch (message.type) {
        case 'view': {
          const view = localGameView(message.game, message.view);
          let current = storeRef.current;
          if (current.gameId !== view.game_id) {
            current = new GameStore(view.game_id, sessionStore());
            storeRef.current = current;
            setStore(current);
          }
          current.receive(view);
          setSending(false);
          return;
        }
        case 'rejected':
          storeRef.current.cancelPlay();
          setSending(false);
          notify.warning(gameMessage(message.code));
          return;
        case 'none':
          setMissing(true);
          return;
        case 'saved':
          setSaved(message.result);
          return;
        case 'failed':
          if (message.reason === 'storage') notify.warning(MSG_OFFLINE.storageFailed);
          else setFailure(MSG_OFFLINE.engineFailed);
          return;
      }
    };
    worker.onerror = () => setFailure(MSG_OFFLINE.engineFailed);
    const { start: first, pace: speed } = startRef.current;
    const hello: ToWorker =
      first.kind === 'new'
        ? { type: 'new', difficulty: first.difficulty, pace: speed }
        : { type: 'resume', pace: speed };
    worker.postMessage(hello);
    return () => {
      worker.terminate();
      workerRef.current = null;
    };
  }, [unsupported]);

  const play = useCallback((move: PlayerMove) => {
    const current = storeRef.current;
    const { view, pending } = current.getState();
    const worker = workerRef.current;
    if (!view || pending !== null || !worker) return;
    if (!isLegal(view.legal_moves, move)) {
      notify.warning(gameMessage('game/illegal_tile'));
      return;
    }
    if ('tile' in move) current.beginPlay(move.tile, move.end);
    setSending(true);
    const message: ToWorker = { type: 'move', version: view.version, move };
    worker.postMessage(message);
  }, []);

  return {
    ...state,
    missing,
    failure: unsupported ? MSG_OFFLINE.unsupported : failure,
    saved,
    sending,
    play,
    dismissSummary: store.dismissSummary,
    say: store.say,
  };
}
