import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { MSG_ACCOUNT, MSG_PROTECTION } from '@domino/contracts';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/password';
import { blockedFor, consume, rateLimited } from '../../lib/rate-limit';

/**
 * Confirms a signed-in user's current password before a sensitive change (decision 013: e-mail,
 * phone, bank account; docs/decisions/013). Wrong passwords count in the user's `passwordChange`
 * limiter, shared with POST /api/user/password, so a stolen token cannot guess the password
 * through any of them faster than 5 tries in 15 minutes.
 */
export interface PasswordGate {
  /**
   * Resolves when `password` matches `passwordHash`. Errors: 429 `rate/limited`
   * (MSG_PROTECTION.tooManyPasswordChecks) while the user is blocked; 422 on `current_password`
   * with `requiredMessage` when it is empty (not counted) or MSG_ACCOUNT.currentPasswordWrong when
   * it is wrong (counted).
   */
  verify(passwordHash: string, password: string, requiredMessage: string): Promise<void>;
}

export function passwordGate(limiter: RateLimiterAbstract, userId: number): PasswordGate {
  const key = String(userId);
  return {
    async verify(passwordHash, password, requiredMessage) {
      const wait = await blockedFor(limiter, key);
      if (wait !== null) throw rateLimited(wait, MSG_PROTECTION.tooManyPasswordChecks);
      if (password === '')
        throw AppError.validation({ current_password: [requiredMessage] }, requiredMessage);
      if (!(await verifyPassword(passwordHash, password))) {
        await consume(limiter, key);
        throw AppError.validation(
          { current_password: [MSG_ACCOUNT.currentPasswordWrong] },
          MSG_ACCOUNT.currentPasswordWrong,
        );
      }
      await limiter.delete(key);
    },
  };
}
