/**
 * Scenario tests of the tranque variants found in published rulebooks (docs/rules.md lists each
 * rule with its source). Every test names the page it reproduces.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, configProblems, type TableConfig } from './config';
import { applyMove } from './match';
import { handBuiltState, t } from './test-support';
import type { HandSummary, MatchState, MoveResult } from './types';

const ABW333_GAME = 'https://github.com/abw333/dominoes/blob/master/dominoes/game.py';
const ABW333_SERIES = 'https://github.com/abw333/dominoes/blob/master/dominoes/series.py';
const CUBAN = 'https://libreonline.com/datos-curiosos-en-el-domino-los-dominantes-dominan-2';
const CUBAN_TIE = 'https://www.teamocuba.com/reglas-para-jugar-domino-en-cuba/';
const ES_RULES = 'http://www.tiendamab.com/producto/domino-junior/';

function accepted(result: MoveResult): MatchState {
  if (!result.ok) throw new Error(`rejected: ${result.code}`);
  return result.state;
}

function lastSummary(state: MatchState): HandSummary {
  const last = state.history[state.history.length - 1];
  if (!last) throw new Error('no hand finished');
  return last;
}

/** Seat 0 plays 0-6 on the 0 end of a 0...6 line: both ends show 6 and nobody else holds one. */
function blockedBy0(hands: string[], config: Partial<TableConfig>, leader: 0 | 1 | 2 | 3 = 0) {
  const state = handBuiltState({ config, hands, ends: { left: 0, right: 6 }, turn: 0, leader });
  return accepted(applyMove(state, 0, { kind: 'play', tile: t('0-6'), end: 'left' }));
}

describe(`tranque scoring every pip on the table, the winners' own included (${ABW333_GAME}; ${CUBAN})`, () => {
  it('gives the pair with fewer pips the pips of all four hands', () => {
    const hands = ['0-6 1-1', '2-2', '5-5 4-4', '3-3'];
    // Pips left: 2, 4, 18, 6; pairs 20 and 10: pair 1 wins.
    expect(lastSummary(blockedBy0(hands, {}))).toMatchObject({ winnerSide: 1, basePoints: 20 });
    const all = lastSummary(blockedBy0(hands, { tranqueCounting: 'all_pips' }));
    expect(all).toMatchObject({ winnerSide: 1, winnerSeat: 1, basePoints: 30 });
    expect(all.pointsBySide).toEqual([0, 30]);
  });

  it('gives the lowest hand in individual play every hand, its own included', () => {
    const config = {
      mode: 'individual',
      players: 3,
      drawing: false,
      tranqueCounting: 'all_pips',
    } as const;
    const summary = lastSummary(blockedBy0(['0-6 0-0', '1-2', '2-2'], config));
    // Pips left: 0, 3, 4: seat 0 wins 7 (its own 0 included).
    expect(summary).toMatchObject({ winnerSeat: 0, basePoints: 7 });
  });
});

describe(`tranque ties won by the side that led the hand (${CUBAN}; ${CUBAN_TIE}; ${ES_RULES})`, () => {
  // Pips left: 2, 4, 6, 4: pair totals 8 and 8.
  const pairTie = ['0-6 1-1', '2-2', '3-3', '0-4'];

  it('voids a pair-totals tie by default', () => {
    expect(lastSummary(blockedBy0(pairTie, {})).voided).toBe(true);
  });

  it('gives a pair-totals tie to the pair that led, scored from its lowest hand', () => {
    const led0 = lastSummary(blockedBy0(pairTie, { tranqueTie: 'leader' }, 0));
    expect(led0).toMatchObject({ voided: false, winnerSide: 0, winnerSeat: 0, basePoints: 8 });
    const led3 = lastSummary(blockedBy0(pairTie, { tranqueTie: 'leader' }, 3));
    // Pair 1: seats 1 and 3 both hold 4; the first after the blocking seat (1) is its winner.
    expect(led3).toMatchObject({ voided: false, winnerSide: 1, winnerSeat: 1, basePoints: 8 });
  });

  it('gives a lowest-hand tie across pairs to the pair that led, even when its seat comes later', () => {
    // Pips left: 2, 2, 10, 6; seats 0 and 1 share the lowest hand.
    const hands = ['0-6 1-1', '0-2', '5-5', '3-3'];
    const config = { tranqueRule: 'lowest_hand', tranqueTie: 'leader' } as const;
    expect(lastSummary(blockedBy0(hands, { tranqueRule: 'lowest_hand' })).voided).toBe(true);
    expect(lastSummary(blockedBy0(hands, config, 2))).toMatchObject({
      winnerSide: 0,
      winnerSeat: 0,
      basePoints: 8,
    });
    expect(lastSummary(blockedBy0(hands, config, 3))).toMatchObject({
      winnerSide: 1,
      winnerSeat: 1,
      basePoints: 12,
    });
  });

  it('gives an individual tie to the tied player nearest after the leader', () => {
    // Pips left: 3, 2, 2 (seat 0 blocks with 1-2 left); seats 1 and 2 tie.
    const hands = ['0-6 1-2', '0-2', '1-1'];
    const base = { mode: 'individual', players: 3, drawing: false } as const;
    expect(lastSummary(blockedBy0(hands, base)).voided).toBe(true);
    const config = { ...base, tranqueTie: 'leader' } as const;
    // Led by seat 0 (not tied): seat 1 is the nearest after it.
    expect(lastSummary(blockedBy0(hands, config, 0))).toMatchObject({
      winnerSeat: 1,
      basePoints: 5,
    });
    // Led by seat 2, which is tied: it wins.
    expect(lastSummary(blockedBy0(hands, config, 2))).toMatchObject({
      winnerSeat: 2,
      basePoints: 5,
    });
  });
});

describe(`after a tranque under "the winner leads", the blocker of the winning pair leads (${ABW333_SERIES})`, () => {
  const winner = { leadRule: 'winner' } as const;

  it('lets the blocker lead the next hand when its pair won', () => {
    // Pips left: 10, 12, 2, 6: pair 0 (12) wins, its lowest hand is seat 2; seat 0 blocked.
    const hands = ['0-6 5-5', '2-2 4-4', '1-1', '3-3'];
    const byLowest = blockedBy0(hands, winner);
    expect(lastSummary(byLowest)).toMatchObject({ winnerSide: 0, winnerSeat: 2 });
    expect(byLowest.hand.leader).toBe(2);
    expect(blockedBy0(hands, { ...winner, tranqueLead: 'blocker' }).hand.leader).toBe(0);
  });

  it('keeps the lowest hand of the winning pair as leader when the blocker lost', () => {
    // Pips left: 18, 4, 2, 6: pair 1 (10) wins from seat 1.
    const hands = ['0-6 5-5 4-4', '2-2', '1-1', '3-3'];
    const next = blockedBy0(hands, { ...winner, tranqueLead: 'blocker' });
    expect(lastSummary(next)).toMatchObject({ winnerSide: 1, winnerSeat: 1 });
    expect(next.hand.leader).toBe(1);
  });

  it('gives the lead to the winning seat, not to the seat after the blocker, when the blocker lost (ours, decision 057)', () => {
    // Pips left: 18, 6, 4, 2: pair 1 (8) wins from its lowest hand, seat 3; abw333 would let
    // seat 1 (the seat after the blocker) lead.
    const hands = ['0-6 5-5 4-4', '3-3', '2-2', '1-1'];
    const next = blockedBy0(hands, { ...winner, tranqueLead: 'blocker' });
    expect(lastSummary(next)).toMatchObject({ winnerSide: 1, winnerSeat: 3 });
    expect(next.hand.leader).toBe(3);
  });

  it('ignores the option under rotating leads', () => {
    const hands = ['0-6 5-5', '2-2 4-4', '1-1', '3-3'];
    expect(blockedBy0(hands, { tranqueLead: 'blocker' }).hand.leader).toBe(1);
  });
});

describe('tranque option validation', () => {
  it('accepts configs stored before the options existed and refuses unknown values', () => {
    const {
      tranqueCounting: _c,
      tranqueTie: _t,
      tranqueLead: _l,
      ...legacy
    } = DEFAULT_CONFIG as TableConfig;
    expect(configProblems(legacy as TableConfig)).toEqual([]);
    expect(configProblems({ ...DEFAULT_CONFIG, tranqueTie: 'coin' as unknown as 'void' })).toEqual([
      'tranqueTie must be void or leader',
    ]);
  });
});
