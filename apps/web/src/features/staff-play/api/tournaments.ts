import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TOURNAMENT_ROUTES,
  cancelTournamentResponseSchema,
  staffTournamentListResponseSchema,
  tournamentDetailSchema,
  type CreateTournamentRequest,
} from '@domino/contracts';
import { apiGet, apiSend } from '../../../lib/api';

/** Staff tournaments (/admin/torneos; docs/decisions/028-tournaments.md). */
export const ADMIN_TOURNAMENTS_KEY = ['admin', 'tournaments'] as const;

/** GET /api/admin/tournaments: every tournament with its entrants (players, partners, paid Bs.). */
export function useAdminTournaments() {
  return useQuery({
    queryKey: ADMIN_TOURNAMENTS_KEY,
    queryFn: ({ signal }) =>
      apiGet(TOURNAMENT_ROUTES.staffList, staffTournamentListResponseSchema, { signal }),
    select: (r) => r.tournaments,
    refetchInterval: 15_000,
    refetchOnWindowFocus: 'always',
  });
}

/**
 * POST /api/admin/tournaments with an Idempotency-Key (a retried submit schedules once): answers
 * the tournament's detail. 422 with field errors (Spanish) when the server refuses a value.
 */
export function createTournament(input: CreateTournamentRequest, key: string) {
  return apiSend(TOURNAMENT_ROUTES.staffList, tournamentDetailSchema, {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': key },
  });
}

/**
 * POST /api/admin/tournaments/{id}/cancel `{reason?}` before the start: every entry is refunded.
 * Answers the Spanish message and how many players were refunded; 409 once started.
 */
export function cancelTournament(id: number, reason: string, key: string) {
  return apiSend(TOURNAMENT_ROUTES.staffCancel(id), cancelTournamentResponseSchema, {
    method: 'POST',
    body: reason ? { reason } : {},
    headers: { 'Idempotency-Key': key },
  });
}

/** Refetches the staff list and the public tournament queries after a change. */
export function useRefreshTournaments() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ADMIN_TOURNAMENTS_KEY });
    void client.invalidateQueries({ queryKey: ['tournaments'] });
  };
}
