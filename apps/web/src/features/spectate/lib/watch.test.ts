import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, spectatorViewSchema, type SpectatorView } from '@domino/contracts';
import {
  acceptsSpectatorView,
  anchorOf,
  delayNotice,
  lastPlayedKey,
  nextOpener,
  resultText,
  scoreBoxes,
  turnText,
  watchersLabel,
} from './watch';

const piece = (a: number, b: number, seat = 0) => ({
  tile: [a, b] as [number, number],
  seat,
  left: a,
  right: b,
});

function view(overrides: Partial<SpectatorView> = {}): SpectatorView {
  return spectatorViewSchema.parse({
    game_id: 'g1',
    version: 4,
    delayed_moves: 2,
    status: 'playing',
    mode: 'parejas',
    target_points: 100,
    turn_seconds: 20,
    rules: DEFAULT_RULES,
    line: [piece(6, 6)],
    ends: { left: 6, right: 6 },
    turn_seat: 1,
    turn_deadline: null,
    leader: 0,
    stock_count: 0,
    drawing: false,
    passes: [],
    scores: [10, 25],
    hand_number: 1,
    hands_played: 0,
    last_hand: null,
    seats: [0, 1, 2, 3].map((seat) => ({
      seat,
      name: ['Ana P.', 'Beto R.', 'Carla D.', 'Diego M.'][seat],
      tile_count: 6,
      connected: true,
    })),
    result: null,
    table: { id: 1, name: 'Mesa', entry_price: 500 },
    spectators: 1,
    replay_available: false,
    ...overrides,
  });
}

describe('the watch page rules', () => {
  it('takes a view of a later moment of the match, never an older one nor another match', () => {
    const v = view();
    expect(acceptsSpectatorView(null, v)).toBe(true);
    expect(acceptsSpectatorView(v, view({ version: 5 }))).toBe(true);
    expect(acceptsSpectatorView(v, view({ version: 3 }))).toBe(false);
    // The same shown version pushed again for a later move (the first moves of a delayed match).
    expect(acceptsSpectatorView(view({ version: 0, delayed_moves: 1 }), view({ version: 0 }))).toBe(
      true,
    );
    expect(acceptsSpectatorView(v, view({ game_id: 'g2', version: 9 }))).toBe(false);
    const end = view({ status: 'finished', version: 40, delayed_moves: 0 });
    expect(acceptsSpectatorView(end, view({ version: 39 }))).toBe(false);
  });

  it('keeps the opening tile of a hand at the centre and finds the tile played last', () => {
    const one = view();
    const opener = nextOpener(null, one);
    expect(opener).toEqual({ hand: 1, key: '6-6' });
    const two = view({ version: 5, line: [piece(4, 6), piece(6, 6)] });
    expect(nextOpener(opener, two)).toEqual(opener);
    expect(anchorOf(two, opener)).toBe(1);
    expect(lastPlayedKey(one, two)).toBe('4-6');
    expect(lastPlayedKey(two, view({ hand_number: 2, line: [piece(1, 1)] }))).toBeNull();
    expect(nextOpener(null, view({ line: [] }))).toBeNull();
  });

  it('speaks Spanish: scores by pair, turn, delay, watchers and the result', () => {
    expect(scoreBoxes(view()).map((b) => b.label)).toEqual([
      'Ana P. y Carla D.',
      'Beto R. y Diego M.',
    ]);
    expect(turnText(view())).toBe('Turno de Beto R.');
    expect(delayNotice(view())).toBe('Mesa con entrada: ves la partida con 2 jugadas de retraso.');
    expect(delayNotice(view({ delayed_moves: 0 }))).toBeNull();
    expect(watchersLabel(1)).toBe('1 espectador');
    expect(watchersLabel(0)).toBe('0 espectadores');
    const end = view({
      status: 'finished',
      turn_seat: null,
      result: { winner_side: 0, winner_seats: [0, 2], scores: [104, 60], hands: 5 },
    });
    expect(turnText(end)).toBe('Partida terminada');
    expect(resultText(end)).toBe('Ganó la pareja de Ana P. y Carla D. (104 a 60)');
  });
});
