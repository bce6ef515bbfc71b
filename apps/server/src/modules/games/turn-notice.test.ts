import { describe, expect, it } from 'vitest';
import type { MatchState, Move, Seat } from '@domino/domino';
import { DEFAULT_CONFIG, applyMove, legalMoves, startMatch } from '@domino/domino';
import { ABSENCE_PATIENCE_MS } from './clock';
import type { GamesContext } from './context';
import type { GameRow, PlayerRow } from './repo';
import { announceTurn } from './turn-notice';

/** A table match at a turn with a real choice (first legal moves until then). */
function atChoice(): MatchState {
  let state = startMatch(DEFAULT_CONFIG, {
    serverSeed: 'b'.repeat(64),
    clientSeeds: ['1', '2', '3', '4'],
  });
  for (let i = 0; i < 200; i++) {
    const seat = state.hand.turn as Seat;
    const moves = legalMoves(state, seat);
    if (moves.length > 1) return state;
    const next = applyMove(state, seat, moves[0] as Move);
    if (!next.ok) throw new Error(next.code);
    state = next.state;
  }
  throw new Error('no turn with a choice');
}

describe("the 'Es tu turno' notice (decisions 025 and 042)", () => {
  const state = atChoice();
  const turn = state.hand.turn!;
  const game = {
    id: 'g1',
    kind: 'table',
    tableId: 3,
    state,
    version: 9,
    status: 'playing',
    meta: { tableName: 'Mesa Apagón' },
  } as unknown as GameRow;
  const seats = (change: Partial<PlayerRow>) =>
    [0, 1, 2, 3].map(
      (seat) =>
        ({
          gameId: 'g1',
          seat,
          userId: seat + 1,
          autoplayedTurns: 0,
          disconnectedAt: null,
          ...(seat === turn ? change : {}),
        }) as unknown as PlayerRow,
    );
  const noticesFor = (change: Partial<PlayerRow>) => {
    const sent: unknown[][] = [];
    const ctx = { notifyTurn: (...args: unknown[]) => sent.push(args) } as unknown as GamesContext;
    announceTurn(ctx, { game, players: seats(change) });
    return sent;
  };

  it('goes to a player with the whole turn time: present, slow, or without connection for less than 3 minutes', () => {
    const expected = [[turn + 1, 'g1', 'Mesa Apagón']];
    expect(noticesFor({})).toEqual(expected);
    expect(noticesFor({ autoplayedTurns: 2 })).toEqual(expected);
    expect(noticesFor({ disconnectedAt: new Date(Date.now() - 60_000) })).toEqual(expected);
  });

  it('is not sent once the CPU plays the absent player at its own pace', () => {
    const long = new Date(Date.now() - ABSENCE_PATIENCE_MS - 1_000);
    expect(noticesFor({ disconnectedAt: long })).toEqual([]);
  });
});
