import { LIMIT_PERIODS, RESPONSIBLE_MESSAGES } from '@domino/contracts';
import type { FieldErrors, LimitKind } from '@domino/contracts';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { assertAdultDeclared } from '../users/usernames';
import { periodStart } from './periods';
import { depositsSince, limitRows, lockSettings, playResultSince } from './repo';
import { activePause, effectiveAmount } from './rules';

/**
 * The checks other modules call inside their own transaction (docs/decisions/030): a recharge
 * request (payments) and every paid entry (tables join — public, quick and private —, quick-play
 * queueing, tournament registration). Both first refuse an account that has not declared being
 * 18+ (403 `account/adult_declaration_required`, decision 040). Each then locks the player's settings row, so two
 * requests at the edge of a limit are judged one after the other and cannot both pass.
 */

/** The refusal for a player in a time-out or self-exclusion: 403 `responsible/paused`. */
function pausedError(p: { kind: 'timeout' | 'exclusion'; until: Date | null }): AppError {
  const until = p.until ? p.until.toISOString() : null;
  const message =
    p.kind === 'timeout'
      ? RESPONSIBLE_MESSAGES.timeout(until ?? '')
      : RESPONSIBLE_MESSAGES.exclusion(until);
  return new AppError('responsible/paused', 403, message);
}

async function limitsInForce(tx: Executor, userId: number, kind: LimitKind, now: Date) {
  const rows = await limitRows(tx, userId);
  return LIMIT_PERIODS.flatMap((period) => {
    const row = rows.find((r) => r.kind === kind && r.period === period);
    const amount = row ? effectiveAmount(row, now) : null;
    return amount === null ? [] : [{ period, amountCents: amount }];
  });
}

/**
 * Refuses a recharge request of `amountCents` céntimos when the player is paused (403
 * `responsible/paused`) or when the period's recharges (pending + approved) plus this one would
 * exceed a deposit limit (422 with the field error on `amount`, saying what is left). Exactly at
 * the limit passes. Locks the settings row (call inside the recharge's transaction).
 */
export async function assertMayDeposit(
  tx: Executor,
  userId: number,
  amountCents: number,
  now: Date = new Date(),
): Promise<void> {
  await assertAdultDeclared(tx, userId);
  const settings = await lockSettings(tx, userId);
  const pause = activePause(settings, now);
  if (pause) throw pausedError(pause);
  for (const limit of await limitsInForce(tx, userId, 'deposit', now)) {
    const used = await depositsSince(tx, userId, periodStart(limit.period, now));
    if (used + amountCents > limit.amountCents) {
      const message = RESPONSIBLE_MESSAGES.depositLimit(limit.period, limit.amountCents - used);
      throw AppError.validation({ amount: [message] } as FieldErrors, message);
    }
  }
}

/**
 * Refuses a paid entry of `entryCents` céntimos (0 = free: always allowed, like practice) when
 * the player is paused (403 `responsible/paused`, saying until when) or when losing the whole
 * entry could take the period's net loss over a loss limit (422 `responsible/loss_limit`, saying
 * how much may still be staked). Net loss = entries paid minus refunds and prizes received in the
 * period (repo.ts playResultSince). Locks the settings row.
 */
export async function assertMayStake(
  tx: Executor,
  userId: number,
  entryCents: number,
  now: Date = new Date(),
): Promise<void> {
  if (entryCents <= 0) return;
  await assertAdultDeclared(tx, userId);
  const settings = await lockSettings(tx, userId);
  const pause = activePause(settings, now);
  if (pause) throw pausedError(pause);
  for (const limit of await limitsInForce(tx, userId, 'loss', now)) {
    const netLoss = -(await playResultSince(tx, userId, periodStart(limit.period, now)));
    if (netLoss + entryCents > limit.amountCents)
      throw new AppError(
        'responsible/loss_limit',
        422,
        RESPONSIBLE_MESSAGES.lossLimit(limit.period, limit.amountCents - netLoss),
      );
  }
}
