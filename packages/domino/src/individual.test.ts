import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type TableConfig } from './config';
import { dealHand } from './fairness';
import { applyMove, startMatch } from './match';
import { legalMoves } from './rules';
import { handBuiltState, t } from './test-support';
import { isDouble, leadRank, type Tile } from './tiles';
import type { GameEvent, MatchState, MoveResult } from './types';
import { playerView, redactEvent } from './view';

const individual = (players: 2 | 3, drawing = true): TableConfig => ({
  ...DEFAULT_CONFIG,
  mode: 'individual',
  players,
  drawing,
});

function accepted(result: MoveResult): { state: MatchState; events: GameEvent[] } {
  if (!result.ok) throw new Error(`rejected: ${result.code}`);
  return result;
}

const seedsN = (players: number, server: string) => ({
  serverSeed: server,
  clientSeeds: Array.from({ length: players }, (_, i) => `c${i}`),
});

describe('individual mode', () => {
  it('deals seven tiles to each of three players and keeps the other seven as the stock', () => {
    const state = startMatch(individual(3), seedsN(3, 'x'));
    expect(state.hand.hands.map((h) => h.length)).toEqual([7, 7, 7]);
    expect(state.hand.stock).toHaveLength(7);
    expect(state.scores).toEqual([0, 0, 0]);
    expect(playerView(state, 1).stockCount).toBe(7);
  });

  it('lets the holder of the highest double lead hand 1 with it', () => {
    for (let i = 0; i < 30; i++) {
      const seeds = seedsN(2, `double-${i}`);
      const deal = dealHand(seeds, 1, 2);
      const doubles = deal.hands.flat().filter(isDouble);
      if (doubles.length === 0) continue;
      const best = doubles.reduce((a, b) => (b[0] > a[0] ? b : a));
      const state = startMatch(individual(2), seeds);
      expect(state.hand.requiredLead).toEqual(best);
      expect(state.hand.hands[state.hand.leader]).toContainEqual(best);
      expect(legalMoves(state, state.hand.leader)).toEqual([
        { kind: 'play', tile: best, end: 'left' },
      ]);
    }
  });

  it('lets the holder of the highest tile lead when no double was dealt', () => {
    let found = 0;
    for (let i = 0; found < 2 && i < 20_000; i++) {
      const seeds = seedsN(2, `nodouble-${i}`);
      const deal = dealHand(seeds, 1, 2);
      const dealt = deal.hands.flat();
      if (dealt.some(isDouble)) continue;
      found++;
      const best = dealt.reduce((a, b) => (leadRank(b) > leadRank(a) ? b : a));
      const state = startMatch(individual(2), seeds);
      expect(state.hand.requiredLead).toEqual(best);
      expect(state.hand.hands[state.hand.leader]).toContainEqual(best);
    }
    expect(found).toBe(2);
  });

  it('ranks tiles without a double by pips, then by the higher half', () => {
    expect(leadRank(t('0-0'))).toBeGreaterThan(leadRank(t('5-6')));
    expect(leadRank(t('5-6'))).toBeGreaterThan(leadRank(t('4-6')));
    expect(leadRank(t('3-6'))).toBeGreaterThan(leadRank(t('4-5')));
  });

  it('makes a player without a playable tile draw until one fits, then play it', () => {
    const state = handBuiltState({
      config: individual(2),
      hands: ['1-1', '2-6 3-3'],
      ends: { left: 6, right: 6 },
      turn: 0,
      stock: '2-2 3-6 0-0',
    });
    expect(legalMoves(state, 0)).toEqual([{ kind: 'draw' }]);
    expect(applyMove(state, 0, { kind: 'pass' })).toMatchObject({
      ok: false,
      code: 'game/must_draw',
    });
    const first = accepted(applyMove(state, 0, { kind: 'draw' }));
    expect(first.events).toEqual([{ type: 'draw', seat: 0, tile: [2, 2] }]);
    expect(first.state.hand.turn).toBe(0);
    expect(redactEvent(first.events[0]!, 1)).toEqual({ type: 'draw', seat: 0, tile: null });
    expect(redactEvent(first.events[0]!, 0)).toEqual(first.events[0]);
    const second = accepted(applyMove(first.state, 0, { kind: 'draw' })).state;
    expect(second.hand.hands[0]).toEqual([t('1-1'), t('2-2'), t('3-6')]);
    expect(second.hand.stock).toEqual([t('0-0')]);
    expect(legalMoves(second, 0)).toEqual([
      { kind: 'play', tile: [3, 6], end: 'left' },
      { kind: 'play', tile: [3, 6], end: 'right' },
    ]);
    expect(applyMove(second, 0, { kind: 'draw' })).toMatchObject({
      ok: false,
      code: 'game/must_play',
    });
  });

  it('passes automatically once the stock is empty and nothing fits', () => {
    const state = handBuiltState({
      config: individual(2),
      hands: ['1-1', '2-6 3-3'],
      ends: { left: 6, right: 6 },
      turn: 0,
      stock: '2-2',
    });
    const { state: next, events } = accepted(applyMove(state, 0, { kind: 'draw' }));
    expect(events).toEqual([
      { type: 'draw', seat: 0, tile: [2, 2] },
      { type: 'pass', seat: 0, auto: true },
    ]);
    expect(next.hand.turn).toBe(1);
    expect(applyMove(next, 1, { kind: 'draw' })).toMatchObject({
      ok: false,
      code: 'game/must_play',
    });
  });

  it('passes instead of drawing when the table plays without drawing', () => {
    const state = handBuiltState({
      config: individual(3, false),
      hands: ['1-6 2-2', '3-3 4-4', '6-5 0-0'],
      ends: { left: 1, right: 6 },
      turn: 0,
      stock: '0-1 0-2 0-3 0-4 0-5 0-6 1-2',
    });
    const { state: next, events } = accepted(
      applyMove(state, 0, { kind: 'play', tile: t('1-6'), end: 'left' }),
    );
    expect(events.map((e) => e.type)).toEqual(['play', 'pass']);
    expect(next.hand.turn).toBe(2);
    expect(applyMove(next, 2, { kind: 'draw' })).toMatchObject({
      ok: false,
      code: 'game/cannot_draw',
    });
    expect(next.hand.stock).toHaveLength(7);
  });

  it('gives the player who goes out the pips of every opponent', () => {
    const state = handBuiltState({
      config: individual(3),
      hands: ['3-5', '1-1 0-3', '2-5'],
      ends: { left: 5, right: 0 },
      turn: 0,
      stock: '6-6',
    });
    const { state: next } = accepted(
      applyMove(state, 0, { kind: 'play', tile: t('3-5'), end: 'left' }),
    );
    expect(next.history[0]).toMatchObject({
      winnerSeat: 0,
      winnerSide: 0,
      basePoints: 5 + 7,
      pointsBySide: [12, 0, 0],
    });
    expect(next.scores).toEqual([12, 0, 0]);
  });

  it('ends in tranque once the stock is empty and nobody can play, won by the lowest hand', () => {
    const state = handBuiltState({
      config: individual(3),
      hands: ['0-6 1-1', '2-2', '5-5 4-4'],
      ends: { left: 0, right: 6 },
      turn: 0,
    });
    const { state: next } = accepted(
      applyMove(state, 0, { kind: 'play', tile: t('0-6'), end: 'left' }),
    );
    expect(next.history[0]).toMatchObject({ ending: 'tranque', winnerSeat: 0, basePoints: 4 + 18 });
  });

  it('is not a tranque while the stock can still be drawn', () => {
    const state = handBuiltState({
      config: individual(2),
      hands: ['0-6 1-1', '2-2'],
      ends: { left: 0, right: 6 },
      turn: 0,
      stock: '3-3',
    });
    const { state: next } = accepted(
      applyMove(state, 0, { kind: 'play', tile: t('0-6'), end: 'left' }),
    );
    expect(next.hand.turn).toBe(1);
    expect(legalMoves(next, 1)).toEqual([{ kind: 'draw' }]);
    // Drawing the last tile blocks the game: the hand ends at once.
    const { state: after, events } = accepted(applyMove(next, 1, { kind: 'draw' }));
    expect(events.map((e) => e.type)).toEqual(['draw', 'hand_end', 'hand_start']);
    expect(after.history[0]).toMatchObject({
      ending: 'tranque',
      winnerSeat: 0,
      pipsBySeat: [2, 10],
    });
  });

  it('voids a tranque when two players share the lowest hand', () => {
    const state = handBuiltState({
      config: individual(3),
      hands: ['0-6 1-1', '0-2', '5-5'],
      ends: { left: 0, right: 6 },
      turn: 0,
    });
    const { state: next } = accepted(
      applyMove(state, 0, { kind: 'play', tile: t('0-6'), end: 'left' }),
    );
    expect(next.history[0]).toMatchObject({ voided: true, basePoints: 0, pointsBySide: [0, 0, 0] });
  });

  it('deals later hands with the stock and rotates the lead among the players', () => {
    const state = handBuiltState({
      config: individual(3),
      hands: ['3-5', '1-1 0-3', '2-5'],
      ends: { left: 5, right: 0 },
      turn: 0,
      leader: 2,
    });
    const { state: next } = accepted(
      applyMove(state, 0, { kind: 'play', tile: t('3-5'), end: 'left' }),
    );
    expect(next.hand.leader).toBe(0);
    expect(next.hand.stock).toHaveLength(7);
    expect(next.hand.hands).toEqual(dealHand(next.fairness, 3, 3).hands as Tile[][]);
  });
});
