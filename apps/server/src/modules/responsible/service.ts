import { and, eq } from 'drizzle-orm';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  MSG_QUICK,
  MSG_RESPONSIBLE,
  RESPONSIBLE_MESSAGES,
  PAUSE_KIND,
} from '@domino/contracts';
import type {
  LimitView,
  PauseOption,
  PlaySession,
  ResponsibleSettings,
  SetLimitRequest,
} from '@domino/contracts';
import type { Db, Executor } from '../../db/client';
import {
  authTokens,
  quickPlayQueue,
  responsibleLimits,
  responsibleSettings,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import { periodStart } from './periods';
import { depositsSince, limitRows, lockSettings, playResultSince, readSettings } from './repo';
import { activePause, applyLimitChange, effectiveAmount, pauseEnd, pendingChange } from './rules';

/**
 * The player's own responsible-gaming settings (docs/decisions/030-responsible-gaming.md):
 * reading them, changing a limit or the reminder, starting a time-out or self-exclusion, and the
 * play session of the reminder. Every change is written with its audit row (actor = the player)
 * in one transaction. Amounts in céntimos; `now` is the server clock (tests pass their own).
 */

/**
 * Every limit (both kinds, all periods: in force, used this period, pending change), the reminder
 * and the running pause of `userId`, as GET /api/responsible returns them.
 */
export async function settingsOf(
  db: Executor,
  userId: number,
  now: Date = new Date(),
): Promise<ResponsibleSettings> {
  const rows = await limitRows(db, userId);
  const limits: LimitView[] = [];
  for (const kind of LIMIT_KINDS)
    for (const period of LIMIT_PERIODS) {
      const row = rows.find((r) => r.kind === kind && r.period === period);
      const from = periodStart(period, now);
      const used =
        kind === 'deposit'
          ? await depositsSince(db, userId, from)
          : Math.max(0, -(await playResultSince(db, userId, from)));
      const pending = row ? pendingChange(row, now) : null;
      limits.push({
        kind,
        period,
        amount_cents: row ? effectiveAmount(row, now) : null,
        used_cents: used,
        pending: pending
          ? { amount_cents: pending.amountCents, effective_at: pending.effectiveAt.toISOString() }
          : null,
      });
    }
  const s = await readSettings(db, userId);
  const pause = activePause(s, now);
  return {
    limits,
    reminder_minutes: s?.reminderMinutes ?? null,
    pause: pause
      ? {
          kind: pause.kind,
          until: pause.until?.toISOString() ?? null,
          started_at: pause.startedAt.toISOString(),
          message:
            pause.kind === 'timeout'
              ? RESPONSIBLE_MESSAGES.timeout(pause.until?.toISOString() ?? '')
              : RESPONSIBLE_MESSAGES.exclusion(pause.until?.toISOString() ?? null),
        }
      : null,
  };
}

/**
 * Sets (or removes, `amount_cents` null) one limit: a new or lower limit applies at once; a
 * higher one or a removal is stored as pending and applies 24 h later (rules.ts
 * applyLimitChange). Audited as `responsible.limit`. Returns the message to show: saved, or
 * "Tu nuevo límite entra en vigor el …".
 */
export async function setLimit(
  db: Db,
  userId: number,
  input: SetLimitRequest,
  now: Date = new Date(),
): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    await lockSettings(tx, userId);
    const [row] = await tx
      .select()
      .from(responsibleLimits)
      .where(
        and(
          eq(responsibleLimits.userId, userId),
          eq(responsibleLimits.kind, input.kind),
          eq(responsibleLimits.period, input.period),
        ),
      );
    const next = applyLimitChange(row, input.amount_cents, now);
    await tx
      .insert(responsibleLimits)
      .values({ userId, kind: input.kind, period: input.period, ...next })
      .onConflictDoUpdate({
        target: [responsibleLimits.userId, responsibleLimits.kind, responsibleLimits.period],
        set: { ...next, updatedAt: now },
      });
    await audit(tx, {
      actorUserId: userId,
      action: 'responsible.limit',
      targetType: 'user',
      targetId: userId,
      before: row
        ? {
            kind: row.kind,
            period: row.period,
            amount_cents: row.amountCents,
            pending_cents: row.pendingCents,
            pending_at: row.pendingAt?.toISOString() ?? null,
          }
        : null,
      after: {
        kind: input.kind,
        period: input.period,
        requested_cents: input.amount_cents,
        amount_cents: next.amountCents,
        pending_cents: next.pendingCents,
        pending_at: next.pendingAt?.toISOString() ?? null,
      },
    });
    return {
      message: next.pendingAt
        ? RESPONSIBLE_MESSAGES.limitPending(next.pendingAt.toISOString())
        : MSG_RESPONSIBLE.limitSaved,
    };
  });
}

/** Sets the play reminder (15, 30 or 60 minutes; null = off). Audited as `responsible.reminder`. */
export async function setReminder(
  db: Db,
  userId: number,
  minutes: number | null,
): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const before = await lockSettings(tx, userId);
    await tx
      .update(responsibleSettings)
      .set({ reminderMinutes: minutes, updatedAt: new Date() })
      .where(eq(responsibleSettings.userId, userId));
    await audit(tx, {
      actorUserId: userId,
      action: 'responsible.reminder',
      targetType: 'user',
      targetId: userId,
      before: { reminder_minutes: before.reminderMinutes },
      after: { reminder_minutes: minutes },
    });
    return { message: MSG_RESPONSIBLE.reminderSaved };
  });
}

/**
 * Starts a time-out (24h, 7d, 30d) or self-exclusion (6m, permanent) now. It cannot be undone or
 * shortened: a new pause must end later than the running one (409 `responsible/pause_active`
 * otherwise; a permanent exclusion ends never). The player's waiting quick-play entry leaves the
 * queue in the same transaction (taken first: the matcher's lock order is queue, then settings).
 * Seats and tournament registrations already paid stay (decision 030). Audited as
 * `responsible.pause`.
 */
export async function startPause(
  db: Db,
  userId: number,
  option: PauseOption,
  now: Date = new Date(),
): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    await tx
      .update(quickPlayQueue)
      .set({ status: 'left', message: MSG_QUICK.left, closedAt: now })
      .where(and(eq(quickPlayQueue.userId, userId), eq(quickPlayQueue.status, 'waiting')));
    const before = await lockSettings(tx, userId);
    const running = activePause(before, now);
    const until = pauseEnd(option, now);
    if (running && (running.until === null || (until !== null && until <= running.until)))
      throw new AppError('responsible/pause_active', 409, MSG_RESPONSIBLE.pauseActive);
    const kind = PAUSE_KIND[option];
    await tx
      .update(responsibleSettings)
      .set({ pauseKind: kind, pauseStartedAt: now, pauseUntil: until, updatedAt: now })
      .where(eq(responsibleSettings.userId, userId));
    await audit(tx, {
      actorUserId: userId,
      action: 'responsible.pause',
      targetType: 'user',
      targetId: userId,
      before: running ? { kind: running.kind, until: running.until?.toISOString() ?? null } : null,
      after: { kind, option, until: until?.toISOString() ?? null },
    });
    const iso = until?.toISOString() ?? null;
    return {
      message:
        kind === 'timeout'
          ? RESPONSIBLE_MESSAGES.timeout(iso ?? '')
          : RESPONSIBLE_MESSAGES.exclusion(iso),
    };
  });
}

/**
 * The play session of the reminder: since this session's sign-in (the auth token's creation),
 * its minutes and the net result at play in céntimos (prizes and refunds minus entries).
 */
export async function playSession(
  db: Executor,
  userId: number,
  tokenId: number,
  now: Date = new Date(),
): Promise<PlaySession> {
  const [token] = await db
    .select({ createdAt: authTokens.createdAt })
    .from(authTokens)
    .where(and(eq(authTokens.id, tokenId), eq(authTokens.userId, userId)));
  const started = token?.createdAt ?? now;
  const s = await readSettings(db, userId);
  return {
    started_at: started.toISOString(),
    minutes: Math.max(0, Math.floor((now.getTime() - started.getTime()) / 60_000)),
    net_cents: await playResultSince(db, userId, started),
    reminder_minutes: s?.reminderMinutes ?? null,
  };
}
