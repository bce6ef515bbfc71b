import { MSG } from '@domino/contracts';
import { NO_RESPONSE, isApiError, serverMessage } from './api';

/**
 * The join rules shared by the dashboard's 'Jugar' and the waiting room's 'Unirme' (spec §2 Game
 * list, §5 "Joining a game", §8 "Join table"). What only one of them needs stays in its feature.
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
