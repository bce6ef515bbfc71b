import { describe, expect, it } from 'vitest';
import type { TournamentMatchReadyEvent } from '@domino/contracts';
import { withCall } from './tournament-events';

function call(gameId: string, showBy: string): TournamentMatchReadyEvent {
  return {
    tournament_id: 1,
    tournament_name: 'Copa',
    round: 1,
    match_id: 1,
    game_id: gameId,
    game_path: `/games/${gameId}`,
    show_by: showBy,
    message: 'Tu partida está lista',
  };
}

describe('remembered tournament calls', () => {
  it('keeps one call per game, the newest, and forgets old ones', () => {
    const now = Date.parse('2026-11-25T22:00:00Z');
    const a = call('a', '2026-11-25T21:58:00Z');
    const again = call('a', '2026-11-25T22:02:00Z');
    const old = call('b', '2026-11-25T10:00:00Z');
    expect(withCall([a], again, now)).toEqual([again]);
    expect(withCall([old], a, now)).toEqual([a]);
  });
});
