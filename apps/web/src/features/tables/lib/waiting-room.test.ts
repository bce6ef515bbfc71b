import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, type TableDetail } from '@domino/contracts';
import {
  avatarTone,
  formatBps,
  missingPlayers,
  missingPlayersText,
  modeLabel,
  pairLabel,
  prizeBreakdown,
  seatPosition,
  secondsUntil,
  waitingPhase,
} from './waiting-room';

function table(overrides: Partial<TableDetail> = {}): TableDetail {
  return {
    id: 7,
    name: 'Mesa VIP',
    image: null,
    status: 'open',
    current_players: 1,
    max_players: 4,
    entry_price: 100,
    users: [{ id: 1, name: 'Ana' }],
    mode: 'parejas',
    target_points: 100,
    turn_seconds: 20,
    rules: DEFAULT_RULES,
    house_fee_bps: 800,
    pot_share_bps: 200,
    seats: [
      { seat: 0, user: { id: 1, name: 'Ana' } },
      { seat: 1, user: null },
      { seat: 2, user: null },
      { seat: 3, user: null },
    ],
    game_id: null,
    starts_at: null,
    commitment: null,
    private: null,
    rematch: null,
    ...overrides,
  };
}

describe('prize breakdown', () => {
  it('takes the house fee and the pot share from all entries and splits the rest between partners', () => {
    const p = prizeBreakdown(table());
    expect(p.potCents).toBe(40_000);
    expect(p.houseFeeCents).toBe(3_200);
    expect(p.potShareCents).toBe(800);
    expect(p.prizeCents).toBe(36_000);
    expect(p.winners).toBe(2);
    expect(p.perWinnerCents).toBe(18_000);
    expect(p.netPerWinnerCents).toBe(8_000);
  });

  it('gives the whole prize to the single winner in individual mode', () => {
    const p = prizeBreakdown(table({ mode: 'individual', max_players: 3, entry_price: 50.5 }));
    expect(p.potCents).toBe(15_150);
    expect(p.houseFeeCents).toBe(1_212);
    expect(p.potShareCents).toBe(303);
    expect(p.prizeCents).toBe(13_635);
    expect(p.perWinnerCents).toBe(13_635);
  });

  it('never splits more than the prize when it is odd', () => {
    const p = prizeBreakdown(table({ entry_price: 0.33, house_fee_bps: 0, pot_share_bps: 0 }));
    expect(p.prizeCents).toBe(132);
    expect(p.perWinnerCents * 2).toBeLessThanOrEqual(p.prizeCents);
  });

  it('shows the prize the server pays: the céntimo that cannot be split goes to the house', () => {
    // Bs. 3,04 × 4 = 1216; fee 97, pot share 24, rest 1095: 547 each, 1 céntimo to the house.
    const p = prizeBreakdown(table({ entry_price: 3.04 }));
    expect(p.perWinnerCents).toBe(547);
    expect(p.prizeCents).toBe(1094);
  });

  it('shows basis points as Spanish percentages', () => {
    expect(formatBps(800)).toBe('8\u00a0%');
    expect(formatBps(250)).toBe('2,5\u00a0%');
    expect(formatBps(0)).toBe('0\u00a0%');
    expect(formatBps(1)).toBe('0,01\u00a0%');
  });
});

describe('seats and labels', () => {
  it('labels partners 0+2 as Pareja A and 1+3 as Pareja B', () => {
    expect([0, 1, 2, 3].map(pairLabel)).toEqual(['Pareja A', 'Pareja B', 'Pareja A', 'Pareja B']);
  });

  it('says how many players are missing', () => {
    expect(missingPlayersText(3)).toBe('Faltan 3 jugadores');
    expect(missingPlayersText(2)).toBe('Faltan 2 jugadores');
    expect(missingPlayersText(1)).toBe('Falta 1 jugador');
    expect(missingPlayersText(0)).toBe('Mesa completa');
  });

  it('names the mode with its target', () => {
    expect(modeLabel(table())).toBe('Parejas · a 100 puntos');
    expect(modeLabel(table({ mode: 'individual', target_points: 150 }))).toBe(
      'Individual · a 150 puntos',
    );
  });

  it('draws my seat at the bottom, my partner on top and the next seat on my right', () => {
    expect(seatPosition(1, 4, 1)).toBe('bottom');
    expect(seatPosition(2, 4, 1)).toBe('right');
    expect(seatPosition(3, 4, 1)).toBe('top');
    expect(seatPosition(0, 4, 1)).toBe('left');
    expect(seatPosition(0, 4, null)).toBe('bottom');
    expect(seatPosition(1, 2, null)).toBe('top');
    expect(seatPosition(2, 3, 0)).toBe('left');
  });
});

describe('individual tables in the waiting room', () => {
  it('draws 2 players face to face and 3 in order of play (next on my right)', () => {
    expect([0, 1].map((s) => seatPosition(s, 2, 1))).toEqual(['top', 'bottom']);
    expect([0, 1, 2].map((s) => seatPosition(s, 3, 0))).toEqual(['bottom', 'right', 'left']);
    expect([0, 1, 2].map((s) => seatPosition(s, 3, 2))).toEqual(['right', 'left', 'bottom']);
  });

  it('colours avatars by pair in parejas and only marks my own seat in individual mode', () => {
    expect([0, 1, 2, 3].map((s) => avatarTone('parejas', s, 1))).toEqual(['A', 'B', 'A', 'B']);
    expect([0, 1, 2].map((s) => avatarTone('individual', s, 1))).toEqual(['B', 'A', 'B']);
    expect([0, 1].map((s) => avatarTone('individual', s, null))).toEqual(['B', 'B']);
  });

  it('fills when the last of 2 or 3 seats is taken', () => {
    const seats = (n: number, taken: number) =>
      Array.from({ length: n }, (_, seat) => ({
        seat,
        user: seat < taken ? { id: seat + 10, name: `P${seat}` } : null,
      }));
    expect(missingPlayersText(missingPlayers({ seats: seats(3, 2) }))).toBe('Falta 1 jugador');
    expect(missingPlayersText(missingPlayers({ seats: seats(2, 0) }))).toBe('Faltan 2 jugadores');
    const full = table({ mode: 'individual', max_players: 2, seats: seats(2, 2) });
    expect(waitingPhase(full, 99, 0)).toEqual({ kind: 'unavailable', reason: 'full' });
  });
});

describe('countdown and phase', () => {
  const now = Date.parse('2025-01-01T12:00:00.000Z');

  it('rounds the seconds left up and stops at zero', () => {
    expect(secondsUntil('2025-01-01T12:00:05.000Z', now)).toBe(5);
    expect(secondsUntil('2025-01-01T12:00:04.200Z', now)).toBe(5);
    expect(secondsUntil('2025-01-01T11:59:00.000Z', now)).toBe(0);
    expect(secondsUntil(null, now)).toBeNull();
    expect(secondsUntil('nope', now)).toBeNull();
  });

  it('waits while seated, counts down once the match exists, then goes to the game', () => {
    expect(waitingPhase(table(), 1, now)).toEqual({ kind: 'waiting', seat: 0 });
    const started = table({ game_id: 'g9', starts_at: '2025-01-01T12:00:03.000Z' });
    expect(waitingPhase(started, 1, now)).toEqual({
      kind: 'countdown',
      seat: 0,
      gameId: 'g9',
      seconds: 3,
    });
    expect(waitingPhase(started, 1, now + 3_000)).toEqual({ kind: 'go', seat: 0, gameId: 'g9' });
    // Opened after starts_at, or without one: straight to the game.
    expect(waitingPhase(table({ game_id: 'g9' }), 1, now)).toEqual({
      kind: 'go',
      seat: 0,
      gameId: 'g9',
    });
  });

  it('offers to join a free seat, and explains why not otherwise', () => {
    expect(waitingPhase(table(), 2, now)).toEqual({ kind: 'can-join' });
    expect(waitingPhase(table({ status: 'playing', game_id: 'g' }), 2, now)).toEqual({
      kind: 'unavailable',
      reason: 'playing',
    });
    expect(waitingPhase(table({ status: 'closed' }), 2, now)).toEqual({
      kind: 'unavailable',
      reason: 'closed',
    });
    const full = table({
      seats: [0, 1, 2, 3].map((seat) => ({ seat, user: { id: seat + 10, name: `P${seat}` } })),
    });
    expect(waitingPhase(full, 2, now)).toEqual({ kind: 'unavailable', reason: 'full' });
  });
});
