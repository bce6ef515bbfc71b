import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CLIENT_EVENTS,
  DUPLICATE_ROUTES,
  SERVER_EVENTS,
  TOURNAMENT_ROUTES,
  duplicateComparedEventSchema,
  duplicateDetailSchema,
  registerTournamentResponseSchema,
  tournamentDetailSchema,
  tournamentListResponseSchema,
  tournamentUpdatedEventSchema,
  unregisterTournamentResponseSchema,
  type TournamentUpdatedEvent,
  type TournamentWatchAck,
} from '@domino/contracts';
import { apiGet, apiSend } from '../../../lib/api';
import { openChannel } from '../../../lib/socket';

/**
 * Calls and live state of the tournaments (server apps/server/src/modules/tournaments,
 * contracts packages/contracts/src/tournaments.ts). Money in bolívares as JSON numbers; every
 * refusal is an ApiError whose message is the server's Spanish text.
 */

export const tournamentsKey = ['tournaments'] as const;
export const tournamentKey = (id: number) => ['tournaments', id] as const;

/** Poll intervals: while the socket is down, and a slow safety net while it is up. */
const POLL_OFFLINE_MS = 4_000;
const POLL_LIVE_MS = 20_000;
const WATCH_TIMEOUT_MS = 8_000;

/** GET /api/tournaments: every tournament, with the caller's `registered` flag. */
export function useTournaments() {
  return useQuery({
    queryKey: tournamentsKey,
    queryFn: ({ signal }) =>
      apiGet(TOURNAMENT_ROUTES.list, tournamentListResponseSchema, { signal }),
    select: (r) => r.tournaments,
    refetchInterval: 30_000,
  });
}

/** GET /api/tournaments/{id}: the detail (bracket or standings, rounds, prizes, my entry). 404 MSG_TOURNAMENTS.notFound. */
export function fetchTournament(id: number, signal?: AbortSignal) {
  return apiGet(TOURNAMENT_ROUTES.detail(id), tournamentDetailSchema, { signal });
}

/**
 * Watches a tournament's room on the shared socket (`tournament:watch {tournament_id}` on every
 * (re)connection), calling `onChange` with each `tournament:updated` of this tournament and once
 * after each (re)connection; `onLive` tells whether the watch holds. Returns the close function.
 */
export function watchTournament(
  id: number,
  onChange: (event: TournamentUpdatedEvent | null) => void,
  onLive: (live: boolean) => void,
): () => void {
  return openChannel({
    room: { key: `tournament:${id}`, leave: 'when-idle' },
    listen: {
      [SERVER_EVENTS.tournamentUpdated]: (payload) => {
        const parsed = tournamentUpdatedEventSchema.safeParse(payload);
        if (parsed.success && parsed.data.tournament_id === id) onChange(parsed.data);
      },
    },
    onConnect: (channel) =>
      channel.request(
        CLIENT_EVENTS.watchTournament,
        { tournament_id: id },
        WATCH_TIMEOUT_MS,
        (ack) => {
          const reply = ack as Partial<TournamentWatchAck> | undefined;
          onLive(reply?.ok === true);
          if (reply?.ok) onChange(null);
        },
      ),
    onDown: () => onLive(false),
  }).close;
}

/**
 * The live tournament of /torneos/:id: loaded over HTTP (the detail carries the caller's own
 * entry, which the room's pushes cannot), refetched on every `tournament:updated` push, polled
 * every 4 s while the socket is down and every 20 s as a safety net. `onEvent` gets each push
 * (its optional Spanish note, e.g. a cancellation).
 */
export function useLiveTournament(id: number, onEvent?: (event: TournamentUpdatedEvent) => void) {
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  const valid = Number.isInteger(id) && id > 0;

  useEffect(() => {
    if (!valid) return;
    return watchTournament(
      id,
      (event) => {
        void client.invalidateQueries({ queryKey: tournamentKey(id) });
        if (event) onEvent?.(event);
      },
      setLive,
    );
    // onEvent is read at push time; a new function each render must not reopen the room.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, valid, client]);

  const query = useQuery({
    queryKey: tournamentKey(id),
    queryFn: ({ signal }) => fetchTournament(id, signal),
    enabled: valid,
    refetchInterval: live ? POLL_LIVE_MS : POLL_OFFLINE_MS,
    refetchOnWindowFocus: 'always',
    retry: 1,
  });
  return { ...query, live };
}

/**
 * POST /api/tournaments/{id}/register with an Idempotency-Key (a retried tap pays once).
 * `partner`: parejas only, the partner's username (inviting them, or confirming their
 * invitation); absent = alone (a random partner at the start). Answers the Spanish message, the
 * new balance and the caller's entry. Refusals: 409 full / closed / already registered, 422
 * insufficient funds or partner problems.
 */
export function registerTournament(id: number, partner: string | undefined, key: string) {
  return apiSend(TOURNAMENT_ROUTES.register(id), registerTournamentResponseSchema, {
    method: 'POST',
    body: partner ? { partner } : {},
    headers: { 'Idempotency-Key': key },
  });
}

/** POST /api/tournaments/{id}/unregister before the start: the entry comes back. 409 once started. */
export function unregisterTournament(id: number) {
  return apiSend(TOURNAMENT_ROUTES.unregister(id), unregisterTournamentResponseSchema, {
    method: 'POST',
    body: {},
  });
}

/** The query key of a duplicate set's comparison. */
export const duplicateKey = (id: number) => ['duplicates', id] as const;

/**
 * Listens on the shared socket for `duplicate:compared` of set `id` (sent to the set's players
 * when the second table finishes a board: docs/decisions/062-duplicate-domino.md, addendum "A
 * board compared, live"), calling `onChange` for each and after each reconnection (a push missed
 * during a blip is caught by refetching, decision 064); `onLive` tells whether the socket is up.
 * Returns the close function.
 */
export function watchDuplicate(
  id: number,
  onChange: () => void,
  onLive: (live: boolean) => void,
): () => void {
  return openChannel({
    listen: {
      [SERVER_EVENTS.duplicateCompared]: (payload) => {
        const parsed = duplicateComparedEventSchema.safeParse(payload);
        if (parsed.success && parsed.data.set_id === id) onChange();
      },
    },
    onConnect: () => onLive(true),
    onReconnect: onChange,
    onDown: () => onLive(false),
  }).close;
}

/**
 * GET /api/duplicates/{id}: a duplicate set's comparison (docs/decisions/062-duplicate-domino.md),
 * for its players and staff; a board appears once both tables finished it. Refetched at once on
 * `duplicate:compared` ({@link watchDuplicate}); while the set plays, polled every 4 s while the
 * socket is down and every 20 s as a safety net while it is up (staff are not sent the event,
 * and a node that stops between a move's commit and its push loses that push).
 * 404 MSG_DUPLICATE.notFound.
 */
export function useDuplicate(id: number) {
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  const valid = Number.isSafeInteger(id) && id > 0;

  useEffect(() => {
    if (!valid) return;
    return watchDuplicate(
      id,
      () => void client.invalidateQueries({ queryKey: duplicateKey(id) }),
      setLive,
    );
  }, [id, valid, client]);

  return useQuery({
    queryKey: duplicateKey(id),
    queryFn: ({ signal }) => apiGet(DUPLICATE_ROUTES.detail(id), duplicateDetailSchema, { signal }),
    refetchInterval: (query) =>
      query.state.data?.status === 'finished' ? false : live ? POLL_LIVE_MS : POLL_OFFLINE_MS,
    enabled: valid,
  });
}
