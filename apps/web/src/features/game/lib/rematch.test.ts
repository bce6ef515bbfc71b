import { describe, expect, it } from 'vitest';
import { rematchState } from './rematch';

const until = '2026-11-25T12:00:30.000Z';
const now = Date.parse('2026-11-25T12:00:00.000Z');
const base = {
  game_id: null,
  seats: [
    { seat: 0, user: null },
    { seat: 1, user: null },
  ],
  rematch: {
    until,
    seats: [
      { seat: 0, user_id: 7, accepted: false },
      { seat: 1, user_id: 8, accepted: true },
    ],
  },
};

describe('rematchState', () => {
  it('counts who accepted and the seconds left while the window is open', () => {
    expect(rematchState(base, 7, 'old', now)).toEqual({
      kind: 'open',
      accepted: 1,
      total: 2,
      mine: false,
      secondsLeft: 30,
    });
    expect(rematchState(base, 8, 'old', now)).toMatchObject({ kind: 'open', mine: true });
  });

  it('is none for a stranger, without a window, or once it ran out', () => {
    expect(rematchState(base, 9, 'old', now)).toEqual({ kind: 'none' });
    expect(rematchState({ ...base, rematch: null }, 7, 'old', now)).toEqual({ kind: 'none' });
    expect(rematchState(base, 7, 'old', now + 30_000)).toEqual({ kind: 'none' });
    expect(rematchState(null, 7, 'old', now)).toEqual({ kind: 'none' });
  });

  it('reports the new match once everybody accepted and the player sits in it', () => {
    const started = {
      game_id: 'new',
      rematch: null,
      seats: [
        { seat: 0, user: { id: 7, name: 'Ana' } },
        { seat: 1, user: { id: 8, name: 'Luis' } },
      ],
    };
    expect(rematchState(started, 7, 'old', now)).toEqual({ kind: 'started', gameId: 'new' });
    // The finished match itself is not a new one; a stranger's new match is not ours.
    expect(rematchState({ ...started, game_id: 'old' }, 7, 'old', now)).toEqual({ kind: 'none' });
    expect(rematchState(started, 9, 'old', now)).toEqual({ kind: 'none' });
  });
});
