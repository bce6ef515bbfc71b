import { createStore, del, get, set, update, type UseStore } from 'idb-keyval';
import type { LocalResult, SavedMatch } from './protocol';
import type { MatchStore } from './session';

/**
 * Offline practice on the device (docs/decisions/041): one IndexedDB database, `domino-offline`,
 * with one object store, `practice`, holding two keys: `current` (the match in progress, a
 * SavedMatch) and `results` (finished matches, newest first, at most MAX_RESULTS). Written by the
 * match's worker; read by the /sin-conexion page. Nothing here is ever sent to the server.
 */
export const DB_NAME = 'domino-offline';
export const STORE_NAME = 'practice';
export const CURRENT_KEY = 'current';
export const RESULTS_KEY = 'results';
/** How many finished matches are kept; older ones are dropped. */
export const MAX_RESULTS = 50;

let store: UseStore | null = null;
function practiceStore(): UseStore {
  store ??= createStore(DB_NAME, STORE_NAME);
  return store;
}

/** The match store of the worker (session.ts), on IndexedDB. */
export const idbMatchStore: MatchStore = {
  loadCurrent: () => get<SavedMatch>(CURRENT_KEY, practiceStore()),
  saveCurrent: (match) => set(CURRENT_KEY, match, practiceStore()),
  clearCurrent: () => del(CURRENT_KEY, practiceStore()),
  addResult: (result) =>
    update<LocalResult[]>(
      RESULTS_KEY,
      (list) => [result, ...(list ?? []).filter((r) => r.id !== result.id)].slice(0, MAX_RESULTS),
      practiceStore(),
    ),
};

/** Finished offline matches, newest first (empty when there are none or storage is unavailable). */
export async function loadResults(): Promise<LocalResult[]> {
  return (await get<LocalResult[]>(RESULTS_KEY, practiceStore())) ?? [];
}

/** The difficulty of the match in progress, if any, without loading it into a worker. */
export async function currentMatchSummary(): Promise<Pick<
  SavedMatch,
  'difficulty' | 'startedAt'
> | null> {
  const current = await get<SavedMatch>(CURRENT_KEY, practiceStore());
  return current && current.state.status === 'playing'
    ? { difficulty: current.difficulty, startedAt: current.startedAt }
    : null;
}
