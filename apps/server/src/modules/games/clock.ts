import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { MatchState } from '@domino/domino';
import { legalMoves } from '@domino/domino';
import type { Tx } from '../../db/client';
import { games } from '../../db/schema';
import type { Actor, Timing } from './context';
import type { GameRow } from './repo';
import { toGameRow } from './repo';

/**
 * The turn clock: when the sweeper must act next on a game, the deadline players see, and how
 * a seat's presence changes both (decisions 004, 010 and 042). Every writer of `games.due_at` and
 * `games.turn_deadline` takes its times from `schedule`.
 */

/** A forced move (the only legal one) is played for the player after this delay (ms). */
const FORCED_MOVE_DELAY_MS = 1200;
/** After ABSENCE_PATIENCE_MS without a connection, the bot plays the player's turns after this delay (ms). */
const AWAY_MOVE_DELAY_MS = 2000;
/**
 * How long a player with no socket on any node keeps full turn times (ms; decision 042): for the
 * first 3 minutes of an absence the CPU plays their turns only when the whole turn time has run
 * out, as if they were thinking, so a short power cut or a lift costs nothing but the turns it
 * spans; after that the CPU plays their turns at AWAY_MOVE_DELAY_MS for the rest of the match,
 * and the seat stays theirs until they come back.
 */
export const ABSENCE_PATIENCE_MS = 3 * 60_000;

/** The due time of the sweeper and the turn deadline shown to players; null when nothing is due. */
export interface Due {
  dueAt: Date | null;
  turnDeadline: Date | null;
}

/**
 * When the sweeper must act next, and the deadline shown to players. CPU seats move after a
 * short human-like delay; a player has `turnSeconds`, except when their only legal move is
 * forced, which is played for them after FORCED_MOVE_DELAY_MS (decision 004: auto-play when only
 * one legal move; the engine itself passes for seats with none), and except when they have had
 * no connection for ABSENCE_PATIENCE_MS or more, when the bot plays for them after
 * AWAY_MOVE_DELAY_MS (decision 042). A player whose time ran out while connected keeps full
 * turns. `notBefore` delays the first turn of a table match until its countdown ends; a
 * finished hand adds the summary pause. The due time is announced to `timing.onDue` (the
 * node's sweeper wakes for it).
 */
export function schedule(
  state: MatchState,
  players: {
    seat: number;
    userId: number | null;
    autoplayedTurns?: number;
    disconnectedAt?: Date | null;
  }[],
  timing: Timing,
  handEnded: boolean,
  notBefore: Date | null = null,
): Due {
  const due = dueTimes(state, players, timing, handEnded, notBefore);
  if (due.dueAt) timing.onDue?.(due.dueAt);
  return due;
}

function dueTimes(
  state: MatchState,
  players: {
    seat: number;
    userId: number | null;
    autoplayedTurns?: number;
    disconnectedAt?: Date | null;
  }[],
  timing: Timing,
  handEnded: boolean,
  notBefore: Date | null = null,
): Due {
  const turn = state.hand.turn;
  if (state.status !== 'playing' || turn === null) return { dueAt: null, turnDeadline: null };
  const base = Math.max(
    Date.now() + (handEnded ? timing.handPauseMs : 0),
    notBefore?.getTime() ?? 0,
  );
  const kind = turnWait(state, players, Date.now());
  if (kind === 'bot') {
    const delay =
      timing.botMaxDelayMs > timing.botMinDelayMs
        ? randomInt(timing.botMinDelayMs, timing.botMaxDelayMs + 1)
        : timing.botMinDelayMs;
    return { dueAt: new Date(base + delay), turnDeadline: null };
  }
  const turnMs = state.config.turnSeconds * 1000;
  const wait =
    kind === 'forced'
      ? Math.min(FORCED_MOVE_DELAY_MS, turnMs)
      : kind === 'away'
        ? Math.min(AWAY_MOVE_DELAY_MS, turnMs)
        : turnMs;
  const deadline = new Date(base + wait);
  return { dueAt: deadline, turnDeadline: deadline };
}

/**
 * Which wait `schedule` gives the seat to move at `nowMs` (ms since the epoch): 'none' when no
 * turn is to be played, 'bot' for a CPU seat, 'forced' for a player's only legal move, 'away' for
 * a player without connection for ABSENCE_PATIENCE_MS or more, 'full' for the whole turn time.
 * Two readings of the seats that give the same kind give the same schedule.
 */
export function turnWait(
  state: MatchState,
  players: { seat: number; userId: number | null; disconnectedAt?: Date | null }[],
  nowMs: number,
): 'none' | 'bot' | 'forced' | 'away' | 'full' {
  const turn = state.hand.turn;
  if (state.status !== 'playing' || turn === null) return 'none';
  const occupant = players.find((p) => p.seat === turn);
  if (!occupant || occupant.userId === null) return 'bot';
  if (legalMoves(state, turn).length === 1) return 'forced';
  return longAbsent(occupant.disconnectedAt ?? null, nowMs) ? 'away' : 'full';
}

/**
 * Whether a player marked without connection at `disconnectedAt` has been absent for
 * ABSENCE_PATIENCE_MS or more at `nowMs` (ms since the epoch): then the CPU plays their turns at
 * bot pace (decision 042).
 */
export function longAbsent(disconnectedAt: Date | null, nowMs: number): boolean {
  return disconnectedAt !== null && nowMs - disconnectedAt.getTime() >= ABSENCE_PATIENCE_MS;
}

/**
 * A seat its player takes back with their next move, `game:join` or (when disconnected) GET
 * /view: the CPU played for them since their last move (their time ran out), or they had no
 * connection (decisions 010, 042).
 */
export function isAway(p: { autoplayedTurns: number; disconnectedAt: Date | null }): boolean {
  return p.autoplayedTurns > 0 || p.disconnectedAt !== null;
}

/**
 * The seat's count of bot-played turns after a move by `actor`, or null when it does not change.
 * A turn the bot played for a timed-out player counts one more; the player's own move resets it
 * to 0; a forced move and a CPU seat (no user) leave it as it is (decision 010).
 */
export function botPlayedTurnsAfter(
  occupant: { userId: number | null; autoplayedTurns: number } | undefined,
  actor: Actor,
): number | null {
  if (!occupant || occupant.userId === null || actor === 'forced') return null;
  const count = actor === 'autoplay' ? occupant.autoplayedTurns + 1 : 0;
  return count === occupant.autoplayedTurns ? null : count;
}

/**
 * Stores new due times for a game inside the caller's transaction (its version is unchanged)
 * and returns the updated row, or `game` itself if the update found none.
 */
export async function rescheduleTurn(tx: Tx, game: GameRow, when: Due): Promise<GameRow> {
  const [updated] = await tx
    .update(games)
    .set({ dueAt: when.dueAt, turnDeadline: when.turnDeadline, updatedAt: sql`now()` })
    .where(eq(games.id, game.id))
    .returning();
  return updated ? toGameRow(updated) : game;
}
