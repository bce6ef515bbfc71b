import { MSG, MSG_TABLES } from '@domino/contracts';
import { NO_RESPONSE, isApiError, serverMessage } from '../../../lib/api';

/**
 * The join flow's decisions (spec §5 "Joining a game", §8 "Join table"). The dashboard has the
 * same flow on its 'Jugar' buttons (features do not import each other; the rules and messages
 * both use come from the contracts).
 */
export type JoinCheck = { kind: 'login' } | { kind: 'insufficient' } | { kind: 'ok' };

/**
 * Before calling the server: visitors log in first; a balance below the entry fee gets the
 * notification MSG.insufficientBalanceNotice and no call.
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

/** A join refused because the price changed (refresh what is shown, then let the player retry). */
export function isPriceChanged(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.message === MSG_TABLES.priceChanged || (error.code ?? '').includes('price'))
  );
}
