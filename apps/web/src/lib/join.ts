import {
  MSG,
  joinTableResponseSchema,
  splitPot,
  tableDetailSchema,
  winnersPerMatch,
  type TableDetail,
} from '@domino/contracts';
import { NO_RESPONSE, apiGet, apiPost, isApiError, serverMessage } from './api';
import { bolivaresToCents } from './format';

/**
 * The join calls and rules shared by the dashboard's 'Jugar' and the waiting room's 'Unirme'.
 * What only one of them needs stays in its feature.
 */

/**
 * GET /api/tables/{id}: the table with its seats, current terms (price, house fee and pot share in
 * basis points, mode), game_id and starts_at. 404 MSG_TABLES.notFound.
 */
export function fetchTableDetail(id: number, signal?: AbortSignal): Promise<TableDetail> {
  return apiGet(`/api/tables/${id}`, tableDetailSchema, { signal });
}

/**
 * POST /api/tables/{id}/join with the entry price the player was shown (Bs.). 409 when the price
 * changed (MSG_TABLES.priceChanged), the table is full, closed or playing, or the player is seated
 * elsewhere; 422 wallet/insufficient_funds. The entry leaves the wallet at once (the server also
 * pushes `balance:updated`).
 */
export function joinTable(id: number, entryPrice: number) {
  return apiPost(`/api/tables/${id}/join`, { entry_price: entryPrice }, joinTableResponseSchema);
}
export type JoinCheck = { kind: 'login' } | { kind: 'insufficient' } | { kind: 'ok' };

/**
 * Before calling the server: visitors go to /login; a balance below the entry fee gets the
 * notification MSG.insufficientBalanceNotice and no call. Compared in céntimos.
 */
export function checkJoin(user: { balance: number } | null, entryPrice: number): JoinCheck {
  if (!user) return { kind: 'login' };
  if (Math.round(user.balance * 100) < Math.round(entryPrice * 100))
    return { kind: 'insufficient' };
  return { kind: 'ok' };
}

/** The text shown for a failed join: the server's message, else MSG.joinError. */
export function joinErrorText(error: unknown): string {
  if (!isApiError(error)) return MSG.joinError;
  if (error.status === NO_RESPONSE) return error.message;
  return serverMessage(error.body) ?? MSG.joinError;
}

/** The table's terms the join confirmation shows, read from GET /api/tables/{id}. */
export type JoinTable = Pick<
  TableDetail,
  | 'id'
  | 'name'
  | 'entry_price'
  | 'max_players'
  | 'mode'
  | 'target_points'
  | 'house_fee_bps'
  | 'pot_share_bps'
>;

/** What a player is told before paying an entry (decision 017). Every amount in céntimos. */
export interface JoinTerms {
  entryCents: number;
  /** Entry × seats: what the table's match is played for. */
  potCents: number;
  houseFeeBps: number;
  /** The house fee taken from the pot at the end of the match. */
  houseFeeCents: number;
  potShareBps: number;
  /** The share of the pot that goes to the month's pot (Pote del Mes). */
  potShareCents: number;
  /** Players on the winning side: 2 in parejas, 1 in individual mode. */
  winners: number;
  /** What each winner receives. */
  prizePerWinnerCents: number;
  /** What the winning side receives together (prizePerWinnerCents × winners). */
  prizeTotalCents: number;
  balanceCents: number;
  /** The balance once the entry is paid (negative when it does not reach). */
  balanceAfterCents: number;
  /** The balance pays the entry. */
  affordable: boolean;
}

/**
 * The join confirmation's figures, from the table's real terms and the player's balance (Bs., as
 * the API sends them). The prize comes from `splitPot` of @domino/contracts, the very function
 * the server settles matches with (decision 005), so the prize shown is the prize paid: the pot
 * is entry × seats, the house fee and pot share are basis points of it rounded down, each winner
 * gets an equal part and the indivisible céntimo goes to the house.
 */
export function joinTerms(table: JoinTable, balance: number): JoinTerms {
  const entryCents = bolivaresToCents(table.entry_price);
  const balanceCents = bolivaresToCents(balance);
  const winners = winnersPerMatch(table.mode);
  const split =
    entryCents > 0
      ? splitPot(entryCents, table.max_players, table.house_fee_bps, table.pot_share_bps, winners)
      : { potCents: 0, houseFeeCents: 0, potShareCents: 0, prizeCents: 0, remainderCents: 0 };
  return {
    entryCents,
    potCents: split.potCents,
    houseFeeBps: table.house_fee_bps,
    houseFeeCents: split.houseFeeCents,
    potShareBps: table.pot_share_bps,
    potShareCents: split.potShareCents,
    winners,
    prizePerWinnerCents: split.prizeCents,
    prizeTotalCents: split.prizeCents * winners,
    balanceCents,
    balanceAfterCents: balanceCents - entryCents,
    affordable: balanceCents >= entryCents,
  };
}
