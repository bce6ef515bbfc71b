import { MSG, MSG_TABLES, type Table } from '@domino/contracts';
import { NO_RESPONSE, isApiError, serverMessage } from '../../../lib/api';

/**
 * The 'Jugar' decisions (spec §2 Game list, §5 "Joining a game", §8 "Join table"). The waiting
 * room's 'Unirme' follows the same rules (features do not import each other; the messages come
 * from the contracts).
 */
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

/**
 * A refusal after which the list shown is out of date (price changed, full, closed, playing):
 * every 409 refetches the table list.
 */
export function shouldRefreshList(error: unknown): boolean {
  return isApiError(error) && (error.status === 409 || error.message === MSG_TABLES.priceChanged);
}

/** 'Jugar' is disabled while a match runs at the table (its card shows 'Jugando'). */
export function canPressPlay(table: Pick<Table, 'status'>): boolean {
  return table.status !== 'playing' && table.status !== 'closed';
}
