import { describe, expect, it } from 'vitest';
import type { TournamentDetail, TournamentListItem, TournamentMatch } from '@domino/contracts';
import {
  countdownLabel,
  entryLabel,
  groupTournaments,
  myMatch,
  noShowLeftMs,
  noShowLine,
  placesLabel,
  poolLabel,
  fullHousePrizes,
  resultLabel,
  duplicateRule,
  roundName,
} from './tournaments';
import { registerTerms } from './register';

function item(over: Partial<TournamentListItem>): TournamentListItem {
  return {
    id: 1,
    name: 'Copa',
    status: 'scheduled',
    format: 'single_elimination',
    mode: 'parejas',
    starts_at: '2026-12-01T20:00:00-04:00',
    entry_fee: 10,
    capacity: 8,
    min_entrants: 2,
    registered_players: 0,
    pool: 0,
    current_round: 0,
    total_rounds: null,
    registered: false,
    ...over,
  };
}

function match(over: Partial<TournamentMatch>): TournamentMatch {
  return {
    id: 1,
    round: 1,
    slot: 0,
    entrant_a: 1,
    entrant_b: 2,
    status: 'pending',
    result: null,
    winner: null,
    game_id: null,
    score_a: null,
    score_b: null,
    show_by: null,
    duplicate_set_id: null,
    ...over,
  };
}

describe('the tournament list', () => {
  it('splits upcoming, running and done, soonest first (done newest first)', () => {
    const g = groupTournaments([
      item({ id: 1, starts_at: '2026-12-02T10:00:00Z' }),
      item({ id: 2, starts_at: '2026-12-01T10:00:00Z' }),
      item({ id: 3, status: 'running' }),
      item({ id: 4, status: 'finished', starts_at: '2026-11-01T10:00:00Z' }),
      item({ id: 5, status: 'cancelled', starts_at: '2026-11-20T10:00:00Z' }),
    ]);
    expect(g.upcoming.map((t) => t.id)).toEqual([2, 1]);
    expect(g.running.map((t) => t.id)).toEqual([3]);
    expect(g.done.map((t) => t.id)).toEqual([5, 4]);
  });

  it('says Gratis for a free entry and counts pairs in parejas', () => {
    expect(entryLabel(0)).toBe('Gratis');
    expect(entryLabel(12.34)).toBe('Bs. 12,34');
    expect(placesLabel(item({ registered_players: 5, capacity: 8 }))).toBe('2 de 4 parejas');
    expect(placesLabel(item({ mode: 'individual', registered_players: 5, capacity: 16 }))).toBe(
      '5 de 16 jugadores',
    );
    expect(poolLabel(item({ entry_fee: 0, pool: 0 }))).toBe('Sin premio en dinero');
    expect(poolLabel(item({ pool: 98.72 }))).toBe('Bs. 98,72');
  });
});

describe('rounds and matches', () => {
  it('names knockout rounds from the end and Swiss rounds by number', () => {
    expect(roundName(3, 3, 'single_elimination')).toBe('Final');
    expect(roundName(2, 3, 'single_elimination')).toBe('Semifinal');
    expect(roundName(1, 3, 'single_elimination')).toBe('Cuartos de final');
    expect(roundName(1, 6, 'single_elimination')).toBe('Ronda 1');
    expect(roundName(2, 4, 'swiss')).toBe('Ronda 2');
  });

  it('reads how a match was decided', () => {
    expect(resultLabel(match({}))).toBeNull();
    expect(
      resultLabel(
        match({ status: 'decided', result: 'played', winner: 1, score_a: 104, score_b: 60 }),
      ),
    ).toBe('104 – 60');
    expect(resultLabel(match({ status: 'decided', result: 'bye', winner: 1 }))).toMatch(
      /sin rival/,
    );
    expect(resultLabel(match({ status: 'decided', result: 'forfeit', winner: 2 }))).toMatch(
      /no presentación/,
    );
    expect(duplicateRule(8)).toContain('las mismas 8 manos en dos mesas');
    // A duplicate table whose totals wait for the other table of its set.
    expect(
      resultLabel(
        match({ status: 'decided', result: 'played', winner: null, duplicate_set_id: 7 }),
      ),
    ).toBe('Mesa terminada; falta la otra mesa');
  });

  it("finds the caller's match: the server's current game first, else the latest round", () => {
    const rounds: TournamentDetail['rounds'] = [
      {
        number: 1,
        status: 'done',
        matches: [match({ id: 1, entrant_a: 7, winner: 7, status: 'decided' })],
      },
      {
        number: 2,
        status: 'playing',
        matches: [
          match({
            id: 2,
            round: 2,
            entrant_a: 3,
            entrant_b: 4,
            game_id: 'g-other',
            status: 'playing',
          }),
          match({
            id: 3,
            round: 2,
            slot: 1,
            entrant_a: 7,
            entrant_b: 9,
            game_id: 'g-mine',
            status: 'playing',
          }),
        ],
      },
    ];
    const entry = {
      status: 'registered' as const,
      paid: 10,
      entrant_id: 7,
      partner: null,
      current_game_id: null,
      prize: 0,
      can_unregister: false,
    };
    expect(myMatch({ rounds, my_entry: entry })?.id).toBe(3);
    expect(myMatch({ rounds, my_entry: { ...entry, current_game_id: 'g-mine' } })?.id).toBe(3);
    expect(myMatch({ rounds, my_entry: { ...entry, entrant_id: 99 } })).toBeNull();
    expect(myMatch({ rounds, my_entry: null })).toBeNull();
  });
});

describe('the no-show countdown', () => {
  it('counts down to show_by and stops at zero', () => {
    const showBy = '2026-11-25T22:02:00.000Z';
    const now = Date.parse('2026-11-25T22:00:00.500Z');
    expect(noShowLeftMs(showBy, now)).toBe(119_500);
    expect(countdownLabel(119_500)).toBe('2:00');
    expect(countdownLabel(59_001)).toBe('1:00');
    expect(countdownLabel(9_000)).toBe('0:09');
    // A duplicate table is never forfeited; the other formats' no-show loses the match.
    expect(noShowLine('duplicate', 118_000)).toBe(
      'Entra en 1:58: si no estás, la CPU juega por ti.',
    );
    expect(noShowLine('duplicate', 0)).toBe(
      'Se acabó tu tiempo: la CPU juega por ti hasta que entres.',
    );
    expect(noShowLine('swiss', 118_000)).toBe('Entra en 1:58 o pierdes la partida.');
    expect(noShowLine('single_elimination', 0)).toBe('Se acabó el tiempo para presentarse.');
    expect(noShowLeftMs(showBy, now + 200_000)).toBe(0);
    expect(noShowLeftMs(null, now)).toBeNull();
    expect(noShowLeftMs('mañana', now)).toBeNull();
  });
});

describe('the register confirmation', () => {
  it('compares the balance with the entry in céntimos', () => {
    expect(registerTerms({ entry_fee: 12.34 }, 12.34)).toMatchObject({
      affordable: true,
      balanceAfterCents: 0,
      free: false,
    });
    expect(registerTerms({ entry_fee: 12.34 }, 12.33).affordable).toBe(false);
    expect(registerTerms({ entry_fee: 0 }, 0)).toMatchObject({ free: true, affordable: true });
  });

  it('shows what each place pays with every place taken, each partner’s half in parejas', () => {
    // 8 × Bs. 12,35 = 98,80; 10 % = 9,88; 88,92 → 62,24 (+1 undivided) and 26,67.
    const lines = fullHousePrizes({
      mode: 'parejas',
      entry_fee: 12.35,
      capacity: 8,
      house_fee_bps: 1000,
      prizes: [
        { place: 2, bps: 3000, amount: 0 },
        { place: 1, bps: 7000, amount: 0 },
      ],
    });
    expect(lines).toEqual([
      { place: 1, share: '70\u00a0%', amount: 'Bs. 62,25', each: 'Bs. 31,12' },
      { place: 2, share: '30\u00a0%', amount: 'Bs. 26,67', each: 'Bs. 13,33' },
    ]);
    const solo = fullHousePrizes({
      mode: 'individual',
      entry_fee: 10,
      capacity: 4,
      house_fee_bps: 0,
      prizes: [{ place: 1, bps: 10000, amount: 0 }],
    });
    expect(solo).toEqual([{ place: 1, share: '100\u00a0%', amount: 'Bs. 40,00', each: null }]);
  });
});
