import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  tournamentMatchReadyEventSchema,
  type TournamentMatchReadyEvent,
} from '@domino/contracts';
import { openChannel } from './socket';

/**
 * The signed-in player's tournament calls (docs/decisions/028-tournaments.md): the
 * server pushes `tournament:match_ready` to the user room of each player of a new match, with the
 * game's path and `show_by`, the instant after which a player not in the game forfeits. This
 * module listens to it on the shared socket, and remembers the calls (in sessionStorage, so a
 * reload of the tournament page keeps its no-show countdown) for the tournament page and the
 * shell's toast. Pure parts are exported for tests.
 */

const STORAGE_KEY = 'tournament_match_ready';
/** Calls older than this are forgotten (the no-show window is 2 minutes; the game lasts longer). */
const KEEP_MS = 6 * 60 * 60 * 1000;

type Listener = () => void;
const listeners = new Set<Listener>();
let calls: readonly TournamentMatchReadyEvent[] = load();

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function load(): TournamentMatchReadyEvent[] {
  try {
    const raw = store()?.getItem(STORAGE_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((item) => {
      const ok = tournamentMatchReadyEventSchema.safeParse(item);
      return ok.success ? [ok.data] : [];
    });
  } catch {
    return [];
  }
}

/**
 * The calls kept after adding `event`: one per game (a repeated push replaces the older), without
 * calls whose deadline is more than KEEP_MS before `now`, newest last. Pure.
 */
export function withCall(
  list: readonly TournamentMatchReadyEvent[],
  event: TournamentMatchReadyEvent,
  now: number,
): TournamentMatchReadyEvent[] {
  return [...list.filter((c) => c.game_id !== event.game_id), event].filter(
    (c) => now - Date.parse(c.show_by) < KEEP_MS,
  );
}

/** Records a call (from the socket) and tells the pages that show it. */
export function rememberMatchReady(event: TournamentMatchReadyEvent): void {
  calls = withCall(calls, event, Date.now());
  try {
    store()?.setItem(STORAGE_KEY, JSON.stringify(calls));
  } catch {
    // storage full or disabled: the call is still kept for this page's life
  }
  for (const l of [...listeners]) l();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The call for `gameId` (its `show_by` drives the no-show countdown), or null. */
export function matchReadyFor(gameId: string | null): TournamentMatchReadyEvent | null {
  if (!gameId) return null;
  return calls.find((c) => c.game_id === gameId) ?? null;
}

/** {@link matchReadyFor} as a hook that follows new calls. */
export function useMatchReady(gameId: string | null): TournamentMatchReadyEvent | null {
  return useSyncExternalStore(
    subscribe,
    () => matchReadyFor(gameId),
    () => null,
  );
}

/** How long the answer to `tournament:calls` may take before this connection gives up on it. */
const CALLS_ACK_MS = 10_000;
/** A successful answer to `tournament:calls` (TournamentCallsAck), its calls not checked yet. */
const answeredCalls = z.object({ ok: z.literal(true), calls: z.array(z.unknown()) });

/**
 * Listens to `tournament:match_ready` on the shared socket (the user room), and on every
 * connection, once listening, asks the server for the calls still open (`tournament:calls`): the
 * socket may have connected before this listener existed (the navbar that mounts it loads
 * lazily) or been down when a call was pushed (docs/decisions/079-tournament-calls-asked-for.md).
 * Each valid call, pushed or answered, is remembered, then given to `onReady`; the toast keeps one
 * per game. Malformed payloads and failed answers are ignored. Returns the unsubscribe function.
 */
export function subscribeToMatchReady(
  onReady: (event: TournamentMatchReadyEvent) => void,
): () => void {
  const take = (payload: unknown) => {
    const parsed = tournamentMatchReadyEventSchema.safeParse(payload);
    if (!parsed.success) return;
    rememberMatchReady(parsed.data);
    onReady(parsed.data);
  };
  return openChannel({
    listen: { [SERVER_EVENTS.tournamentMatchReady]: take },
    onConnect: (channel) =>
      channel.request(CLIENT_EVENTS.tournamentCalls, {}, CALLS_ACK_MS, (ack) => {
        // Each call is checked on its own (take): one malformed call does not drop the others.
        const parsed = answeredCalls.safeParse(ack);
        if (parsed.success) for (const call of parsed.data.calls) take(call);
      }),
  }).close;
}

const GAMES_KEY = 'tournament_games';

function readGames(): Record<string, number> {
  try {
    const raw = store()?.getItem(GAMES_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * Remembers that `gameId` is a match of tournament `tournamentId` (the tournament page's "Ir a
 * mi partida"), so the game screen leads back to the tournament, not to the tables.
 */
export function rememberTournamentGame(gameId: string, tournamentId: number): void {
  try {
    store()?.setItem(GAMES_KEY, JSON.stringify({ ...readGames(), [gameId]: tournamentId }));
  } catch {
    // storage disabled: the game screen falls back to its usual way back
  }
}

/**
 * The tournament a game belongs to, as this tab learnt it (a `tournament:match_ready` call or
 * the tournament page's button), or null.
 */
export function tournamentOfGame(gameId: string): number | null {
  const call = matchReadyFor(gameId);
  if (call) return call.tournament_id;
  const id = readGames()[gameId];
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}
