import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, startMatch } from '@domino/domino';
import { splitPot } from '@domino/contracts';
import type { GameRow, PlayerRow } from './repo';
import { gameViewJson } from './view';

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
