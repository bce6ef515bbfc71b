import { LIMIT_RAISE_DELAY_MS } from '@domino/contracts';
import type { LimitRow, SettingsRow } from './repo';

/**
 * Pure rules of responsible gaming (docs/decisions/030-responsible-gaming.md): which limit is in
 * force, how a change is applied, whether a pause is running. Amounts in céntimos, times as Date.
 */

/** The amount in force at `now` (null = no limit): a pending change whose time has come wins. */
export function effectiveAmount(
  row: Pick<LimitRow, 'amountCents' | 'pendingCents' | 'pendingAt'>,
  now: Date,
): number | null {
  if (row.pendingAt && row.pendingAt.getTime() <= now.getTime()) return row.pendingCents;
  return row.amountCents;
}

/** The pending change still waiting at `now`, or null. */
export function pendingChange(
  row: Pick<LimitRow, 'pendingCents' | 'pendingAt'>,
  now: Date,
): { amountCents: number | null; effectiveAt: Date } | null {
  if (!row.pendingAt || row.pendingAt.getTime() <= now.getTime()) return null;
  return { amountCents: row.pendingCents, effectiveAt: row.pendingAt };
}

/**
 * The row's columns after the player asks for `wanted` (null = remove) at `now`: setting a
 * limit where none was, lowering it or keeping it applies at once (and drops a pending raise);
 * raising or removing it waits LIMIT_RAISE_DELAY_MS (24 h) as a pending change.
 */
export function applyLimitChange(
  row: Pick<LimitRow, 'amountCents' | 'pendingCents' | 'pendingAt'> | undefined,
  wanted: number | null,
  now: Date,
): { amountCents: number | null; pendingCents: number | null; pendingAt: Date | null } {
  const current = row ? effectiveAmount(row, now) : null;
  const tighter = wanted !== null && (current === null || wanted <= current);
  if (tighter) return { amountCents: wanted, pendingCents: null, pendingAt: null };
  if (current === null) return { amountCents: null, pendingCents: null, pendingAt: null };
  return {
    amountCents: current,
    pendingCents: wanted,
    pendingAt: new Date(now.getTime() + LIMIT_RAISE_DELAY_MS),
  };
}

/** The running pause at `now` (a time-out or self-exclusion not yet over), or null. */
export function activePause(
  s: Pick<SettingsRow, 'pauseKind' | 'pauseUntil' | 'pauseStartedAt'> | undefined,
  now: Date,
): { kind: 'timeout' | 'exclusion'; until: Date | null; startedAt: Date } | null {
  if (!s?.pauseKind || !s.pauseStartedAt) return null;
  if (s.pauseUntil && s.pauseUntil.getTime() <= now.getTime()) return null;
  return { kind: s.pauseKind, until: s.pauseUntil, startedAt: s.pauseStartedAt };
}

/** When a pause of `option` started at `now` ends (null = permanent). 6 months = calendar months. */
export function pauseEnd(
  option: '24h' | '7d' | '30d' | '6m' | 'permanent',
  now: Date,
): Date | null {
  const day = 86_400_000;
  switch (option) {
    case '24h':
      return new Date(now.getTime() + day);
    case '7d':
      return new Date(now.getTime() + 7 * day);
    case '30d':
      return new Date(now.getTime() + 30 * day);
    case '6m': {
      const end = new Date(now);
      end.setUTCMonth(end.getUTCMonth() + 6);
      return end;
    }
    case 'permanent':
      return null;
  }
}
