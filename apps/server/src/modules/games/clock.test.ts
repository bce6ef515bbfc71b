import { describe, expect, it } from 'vitest';
import type { MatchState, Move, Seat } from '@domino/domino';
import { DEFAULT_CONFIG, applyMove, legalMoves, startMatch } from '@domino/domino';
import { ABSENCE_PATIENCE_MS, schedule, turnWait } from './clock';
import type { Timing } from './context';

/**
 * The turn clock (clock.ts; decisions 004, 010 and 042): the wait each kind of turn gets, and
 * `schedule` giving the times of the kind `turnWait` names, which is what a node compares when a
 * commit sends the seats back (decision 037, addendum 2026-12-02).
 */

/** A seeded match played on by first legal moves: its first forced turn and first real choice. */
function firstTurns(): { forced: MatchState; choice: MatchState } {
  let state = startMatch(DEFAULT_CONFIG, {
    serverSeed: 'c'.repeat(64),
    clientSeeds: ['a', 'b', 'c', 'd'],
  });
  let forced: MatchState | undefined;
  let choice: MatchState | undefined;
  while (!forced || !choice) {
    const seat = state.hand.turn as Seat;
    const moves = legalMoves(state, seat);
    if (moves.length === 1) forced ??= state;
    else choice ??= state;
    const next = applyMove(state, seat, moves[0] as Move);
    if (!next.ok) throw new Error(next.code);
    state = next.state;
  }
  return { forced, choice };
}

describe('the turn clock', () => {
  const { forced, choice } = firstTurns();
  const timing: Timing = { botMinDelayMs: 700, botMaxDelayMs: 700, handPauseMs: 0 };
  const turnMs = DEFAULT_CONFIG.turnSeconds * 1000;
  /** The four seats, the one to move held by a player absent since `since` (or present). */
  const seatsOf = (state: MatchState, occupant: number | null, since: Date | null) =>
    [0, 1, 2, 3].map((seat) =>
      seat === state.hand.turn
        ? { seat, userId: occupant, disconnectedAt: since }
        : { seat, userId: seat + 10, disconnectedAt: null },
    );
  /** What `schedule` gives, as ms from now (null when there is no such time). */
  const waits = (state: MatchState, players: ReturnType<typeof seatsOf>) => {
    const now = Date.now();
    const due = schedule(state, players, timing, false);
    const from = (d: Date | null) => (d === null ? null : d.getTime() - now);
    return { due: from(due.dueAt), deadline: from(due.turnDeadline) };
  };
  const near = (ms: number | null, expected: number) => {
    expect(ms).not.toBeNull();
    expect(Math.abs(ms! - expected)).toBeLessThan(1_000);
  };

  it('gives a present player the whole turn time, and one gone for less than 3 minutes too', () => {
    const now = Date.now();
    for (const since of [null, new Date(now - ABSENCE_PATIENCE_MS + 60_000)]) {
      const players = seatsOf(choice, 7, since);
      expect(turnWait(choice, players, now)).toBe('full');
      const w = waits(choice, players);
      near(w.deadline, turnMs);
      expect(w.due).toBe(w.deadline);
    }
  });

  it('lets the CPU play after 2 s for a player gone 3 minutes or more', () => {
    const players = seatsOf(choice, 7, new Date(Date.now() - ABSENCE_PATIENCE_MS - 1_000));
    expect(turnWait(choice, players, Date.now())).toBe('away');
    near(waits(choice, players).deadline, 2_000);
  });

  it("plays a player's only legal move after 1.2 s, present or not", () => {
    for (const since of [null, new Date(Date.now() - ABSENCE_PATIENCE_MS - 1_000)]) {
      const players = seatsOf(forced, 7, since);
      expect(turnWait(forced, players, Date.now())).toBe('forced');
      near(waits(forced, players).deadline, 1_200);
    }
  });

  it('moves a CPU seat after its delay, with no deadline shown', () => {
    const players = seatsOf(choice, null, null);
    expect(turnWait(choice, players, Date.now())).toBe('bot');
    const w = waits(choice, players);
    expect(w.deadline).toBeNull();
    near(w.due, 700);
  });

  it('has nothing to schedule once the match is over', () => {
    const over = { ...choice, status: 'finished' } as MatchState;
    const players = seatsOf(over, 7, null);
    expect(turnWait(over, players, Date.now())).toBe('none');
    expect(waits(over, players)).toEqual({ due: null, deadline: null });
  });
});
