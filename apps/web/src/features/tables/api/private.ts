import { useQuery } from '@tanstack/react-query';
import {
  cancelPrivateTableResponseSchema,
  createPrivateTableResponseSchema,
  joinTableResponseSchema,
  privateTableOptionsSchema,
  privateTableSchema,
  type TableRules,
} from '@domino/contracts';
import { apiGet, apiSend } from '../../../lib/api';

/**
 * Calls of private tables by invitation (docs/decisions/021-private-tables.md; server
 * apps/server/src/modules/tables/private-routes.ts). Money in bolívares as JSON numbers; every
 * refusal is an ApiError whose message is the server's Spanish text.
 */

export const privateOptionsKey = ['private-tables', 'options'] as const;
export const invitationKey = (code: string) => ['private-tables', 'invitation', code] as const;

/**
 * GET /api/private-tables/options: the entry prices staff offer (Bs., 0 = amistosa), the rule
 * values allowed per option (absent key = all), the expiry in minutes, the fees in basis points.
 */
export function fetchPrivateOptions(signal?: AbortSignal) {
  return apiGet('/api/private-tables/options', privateTableOptionsSchema, { signal });
}

/** The options for the creation form (rarely change: kept a minute). */
export function usePrivateOptions() {
  return useQuery({
    queryKey: privateOptionsKey,
    queryFn: ({ signal }) => fetchPrivateOptions(signal),
    staleTime: 60_000,
  });
}

export interface CreatePrivateInput {
  rules: TableRules;
  /** Bolívares: one of the staff's prices. */
  entry_price: number;
  allow_spectators: boolean;
}

/**
 * POST /api/private-tables with an Idempotency-Key (a retry of the same form does not create a
 * second table): the host sits at seat 0 and pays the entry. Answers the table (with its
 * invitation), the new balance and MSG_PRIVATE.created. Refusals: 422 price not offered / rule
 * not allowed / insufficient funds, 409 already seated or already hosting an open table.
 */
export function createPrivateTable(input: CreatePrivateInput, key: string) {
  return apiSend('/api/private-tables', createPrivateTableResponseSchema, {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': key },
  });
}

/** GET /api/private-tables/{code}: the open private table of a code (404 MSG_PRIVATE.notFound). */
export function fetchInvitation(code: string, signal?: AbortSignal) {
  return apiGet(`/api/private-tables/${encodeURIComponent(code)}`, privateTableSchema, {
    signal,
  });
}

/** The invitation page's table, refreshed every 5 s (seats fill while the friend reads). */
export function useInvitation(code: string | null) {
  return useQuery({
    queryKey: invitationKey(code ?? ''),
    queryFn: ({ signal }) => fetchInvitation(code ?? '', signal),
    enabled: code !== null,
    refetchInterval: 5_000,
    retry: false,
  });
}

/**
 * POST /api/private-tables/{code}/join with the entry price the player saw and an
 * Idempotency-Key. Answers the new balance, MSG_TABLES.joined and the seat.
 */
export function joinByCode(code: string, entryPrice: number, key: string) {
  return apiSend(`/api/private-tables/${encodeURIComponent(code)}/join`, joinTableResponseSchema, {
    method: 'POST',
    body: { entry_price: entryPrice },
    headers: { 'Idempotency-Key': key },
  });
}

/**
 * POST /api/private-tables/{code}/cancel (the host, before the match starts): every seat gets
 * its entry back. Answers MSG_PRIVATE.cancelled and the host's new balance; 403 not the host,
 * 409 the match already started.
 */
export function cancelPrivateTable(code: string) {
  return apiSend(
    `/api/private-tables/${encodeURIComponent(code)}/cancel`,
    cancelPrivateTableResponseSchema,
    { method: 'POST', body: {} },
  );
}
