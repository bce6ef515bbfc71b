import type { Highlights } from '@domino/contracts';
import { centsToBolivares, publicName } from '@domino/contracts';
import type { Executor } from '../../db/client';
import { readTogether } from '../../db/client';
import { monthRanking } from '../pot/ranking';
import { potMonth } from '../pot/month';
import { potBalanceCents, recentWins } from './repo';

/** How many recent winning matches and top players the landing shows. */
export const HIGHLIGHT_LIMITS = { winners: 6, topPlayers: 5 } as const;

/** How long one computed answer is served from memory, milliseconds. */
export const HIGHLIGHTS_TTL_MS = 30_000;

/**
 * The landing's real data (decision 011): the latest paid real-money matches, the current Caracas
 * month's top players (pot ranking: points, then matches won, then who got there first) and what
 * the month's pot holds. Never sample data: with nothing played the lists are empty.
 */
export async function loadHighlights(db: Executor, now: Date = new Date()): Promise<Highlights> {
  const month = potMonth(now);
  const [wins, ranking, potCents] = await readTogether(db, [
    () => recentWins(db, HIGHLIGHT_LIMITS.winners),
    () => monthRanking(db, month, { limit: HIGHLIGHT_LIMITS.topPlayers }),
    () => potBalanceCents(db, month),
  ]);
  return {
    month,
    pot: centsToBolivares(potCents),
    winners: wins.map((w) => ({
      game_id: w.gameId,
      finished_at: w.finishedAt.toISOString(),
      table: w.tableName,
      winners: w.winnerNames.map(publicName),
      prize: centsToBolivares(w.prizeCents),
    })),
    top_players: ranking.map((r) => ({
      position: r.position,
      name: publicName(r.name),
      points: r.points,
      matches_won: r.matchesWon,
    })),
  };
}

/**
 * Memoises `load` for `ttlMs` (per process): concurrent callers share one pending load, and a
 * failed load is not remembered. The landing is public and hit by every visitor; a 30 s old
 * winners list is fine, a query per visit is not.
 */
export function cached<T>(
  load: () => Promise<T>,
  ttlMs: number,
  clock: () => number = Date.now,
): () => Promise<T> {
  let entry: { at: number; value: Promise<T> } | null = null;
  return () => {
    const now = clock();
    if (entry && now - entry.at < ttlMs) return entry.value;
    const value = load();
    const current = { at: now, value };
    entry = current;
    value.catch(() => {
      if (entry === current) entry = null;
    });
    return value;
  };
}
