import { describe, expect, it } from 'vitest';
import type { Seat } from '@domino/domino';
import { DEFAULT_CONFIG, applyMove, legalMoves, startMatch } from '@domino/domino';
import { splitPot } from '@domino/contracts';
import type { GameRow, PlayerRow } from './repo';
import { attachedJson } from '../realtime/preserialised';
import { gameViewJson, seatViewsJson } from './view';

describe('the settlement overlay of a real-money match', () => {
  it('adds up: the house fee includes the céntimo the two winners could not split', () => {
    // Bs. 3,04 × 4 seats: pot 12,16; fee 8 % = 0,97; pot share 2 % = 0,24; the remaining 10,95
    // splits as 5,47 each with 1 céntimo left, which settlement gives the house (decision 005).
    const split = splitPot(304, 4, 800, 200, 2);
    expect(split.remainderCents).toBe(1);
    const state = startMatch(DEFAULT_CONFIG, {
      serverSeed: 'a'.repeat(64),
      clientSeeds: ['1', '2', '3', '4'],
    });
    const game = {
      id: 'g1',
      kind: 'table',
      tableId: 7,
      state,
      version: 1,
      status: 'finished',
      turnDeadline: null,
      entryCents: 304,
      meta: { tableName: 'Mesa Céntimo', houseFeeBps: 800, potShareBps: 200 },
      settlement: { ...split, winnerSeats: [0, 2], month: '2026-11' },
    } as unknown as GameRow;
    const players = [0, 1, 2, 3].map(
      (seat) =>
        ({
          gameId: 'g1',
          seat,
          userId: seat + 1,
          name: `Jugador ${seat + 1}`,
          botLevel: null,
          autoplayedTurns: 0,
          disconnectedAt: null,
          payoutCents: seat % 2 === 0 ? split.prizeCents : 0,
        }) as unknown as PlayerRow,
    );
    const winner = gameViewJson(game, players, 0).settlement!;
    expect(winner).toEqual({
      pot: 12.16,
      house_fee: 0.98,
      pot_share: 0.24,
      prize: 5.47,
      entry: 3.04,
      net: 2.43,
    });
    const cents = (bs: number) => Math.round(bs * 100);
    expect(cents(winner.house_fee) + cents(winner.pot_share) + 2 * cents(winner.prize)).toBe(
      cents(winner.pot),
    );
    expect(gameViewJson(game, players, 1).settlement).toMatchObject({ prize: 0, net: -3.04 });
  });

  it('tells the wire when a match was decided by absence (decision 028), and only then', () => {
    const state = startMatch(DEFAULT_CONFIG, {
      serverSeed: 'b'.repeat(64),
      clientSeeds: ['1', '2', '3', '4'],
    });
    const result = { winnerSide: 0, winnerSeats: [0, 2], scores: [0, 0], hands: 0 };
    const game = (forfeit: boolean) =>
      ({
        id: 'g2',
        kind: 'table',
        tableId: 8,
        state: { ...state, status: 'finished', result: forfeit ? { ...result, forfeit } : result },
        version: 2,
        status: 'finished',
        turnDeadline: null,
        entryCents: 0,
        meta: { tableName: 'Copa', houseFeeBps: 0, potShareBps: 0 },
        settlement: null,
      }) as unknown as GameRow;
    const players = [0, 1, 2, 3].map(
      (seat) =>
        ({
          gameId: 'g2',
          seat,
          userId: seat + 1,
          name: `Jugador ${seat + 1}`,
          botLevel: null,
          autoplayedTurns: 0,
          disconnectedAt: null,
          payoutCents: 0,
        }) as unknown as PlayerRow,
    );
    expect(gameViewJson(game(true), players, 0).result).toMatchObject({ won: true, forfeit: true });
    expect(gameViewJson(game(false), players, 1).result).not.toHaveProperty('forfeit');
  });
});

describe('the views of a move, serialised once (decision 035)', () => {
  it('equal every seat’s own view, as objects and as JSON text, through whole matches', () => {
    let checked = 0;
    let finishedSeen = 0;
    for (const [m, kind] of (['table', 'practice', 'table'] as const).entries()) {
      let state = startMatch(DEFAULT_CONFIG, {
        serverSeed: `${m}`.repeat(64).slice(0, 64),
        clientSeeds: ['1', '2', '3', '4'],
      });
      const players = [0, 1, 2, 3].map(
        (seat) =>
          ({
            gameId: 'g',
            seat,
            userId: seat === 3 && kind === 'practice' ? null : seat + 1,
            name: seat === 3 && kind === 'practice' ? null : `Jugador ${seat + 1}`,
            botLevel: seat === 3 && kind === 'practice' ? 'medio' : null,
            autoplayedTurns: seat === 1 ? 1 : 0,
            disconnectedAt: null,
            payoutCents: 0,
            rating: null,
          }) as unknown as PlayerRow,
      );
      for (let version = 0; version < 400; version++) {
        const finished = state.status === 'finished';
        const game = {
          id: 'g',
          kind,
          tableId: kind === 'table' ? 9 : null,
          state,
          version,
          status: finished ? 'finished' : 'playing',
          turnDeadline: new Date(1_800_000_000_000),
          entryCents: 500,
          meta: { tableName: 'Mesa Vista' },
          settlement: finished
            ? { potCents: 2000, houseFeeCents: 160, potShareCents: 40, remainderCents: 0 }
            : null,
        } as unknown as GameRow;
        const seats = [2, 0, 1, 3] as const;
        const views = seatViewsJson(game, players, seats, 3);
        for (const seat of seats) {
          const own = gameViewJson(game, players, seat, 3);
          const view = views.get(seat)!;
          expect(view).toEqual(own);
          const text = attachedJson(view)!;
          expect(text).toBe(JSON.stringify(view));
          expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(own)));
          // Nobody else's tiles: the hand on the wire is the seat's own.
          expect(JSON.parse(text).hand).toEqual(state.hand.hands[seat]);
          checked += 1;
        }
        if (finished) {
          finishedSeen += 1;
          expect(views.get(0)!.result).not.toBeNull();
          break;
        }
        const seat = state.hand.turn as Seat;
        const next = applyMove(state, seat, legalMoves(state, seat)[0]!);
        if (!next.ok) throw new Error(next.code);
        state = next.state;
      }
    }
    expect(checked).toBeGreaterThan(400);
    expect(finishedSeen).toBe(3);
  });
});
