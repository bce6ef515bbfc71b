/**
 * CPU of the player views a move broadcasts (`seatViewsJson`, games/view.ts; decisions 035 and
 * 070): the four seats' views of one state, built and serialised as the server does after every
 * move, over every state of a few whole matches (parejas defaults, a real-money table's game row).
 * Prints the CPU time (process.cpuUsage, not wall time) per four-seat broadcast for each of
 * several repetitions, so a change to the views is compared on CPU rather than on the real-time
 * bench, which cannot resolve a few microseconds per move (docs/performance.md "Cost per move,
 * 2026-11-30"). The engine's states are kept alive between repetitions, as a node keeps its
 * copy of a live game.
 *
 * Run: npx tsx bench/src/seat-views.ts [--matches 5] [--rounds 20] [--repeats 5]
 */
import { DEFAULT_CONFIG, applyMove, legalMoves, startMatch, type Seat } from '@domino/domino';
import type { GameRow, PlayerRow } from '../../apps/server/src/modules/games/repo';
import { seatViewsJson } from '../../apps/server/src/modules/games/view';
import { arg } from './realtime-server';

const MATCHES = Number(arg('matches', '5'));
/** Passes over all the states per measurement. */
const ROUNDS = Number(arg('rounds', '20'));
/** Measurements printed. */
const REPEATS = Number(arg('repeats', '5'));

/** Every state of `MATCHES` matches played with the first legal move, as live game rows. */
function gameRows(): GameRow[] {
  const rows: GameRow[] = [];
  for (let m = 0; m < MATCHES; m++) {
    let state = startMatch(DEFAULT_CONFIG, {
      serverSeed: `${m}`.repeat(64).slice(0, 64),
      clientSeeds: ['1', '2', '3', '4'],
    });
    for (let version = 0; state.status === 'playing'; version++) {
      rows.push({
        id: `g${m}`,
        kind: 'table',
        tableId: 9,
        state,
        version,
        status: 'playing',
        turnDeadline: new Date(1_800_000_000_000),
        entryCents: 500,
        meta: { tableName: 'Mesa Vista' },
        settlement: null,
      } as unknown as GameRow);
      const seat = state.hand.turn as Seat;
      const next = applyMove(state, seat, legalMoves(state, seat)[0]!);
      if (!next.ok) throw new Error(next.code);
      state = next.state;
    }
  }
  return rows;
}

const players = [0, 1, 2, 3].map(
  (seat) =>
    ({
      gameId: 'g',
      seat,
      userId: seat + 1,
      name: `Jugador ${seat + 1}`,
      botLevel: null,
      autoplayedTurns: 0,
      disconnectedAt: null,
      payoutCents: 0,
      rating: 1500,
      rev: 0,
    }) as unknown as PlayerRow,
);
const seats = [0, 1, 2, 3] as const;

const rows = gameRows();
const pass = () => {
  for (const row of rows) seatViewsJson(row, players, seats, 0);
};
for (let r = 0; r < 5; r++) pass();
for (let k = 0; k < REPEATS; k++) {
  const c0 = process.cpuUsage();
  for (let r = 0; r < ROUNDS; r++) pass();
  const c = process.cpuUsage(c0);
  const us = (c.user + c.system) / (ROUNDS * rows.length);
  console.log(`${rows.length} states: ${us.toFixed(1)} µs CPU per four-seat broadcast`);
}
