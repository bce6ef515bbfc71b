import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './config';
import { matchResult } from './scoring';

describe('match result', () => {
  it('declares the pair that reached the target with the highest score', () => {
    expect(matchResult(DEFAULT_CONFIG, [104, 97], 6)).toEqual({
      winnerSide: 0,
      winnerSeats: [0, 2],
      scores: [104, 97],
      hands: 6,
    });
    expect(matchResult(DEFAULT_CONFIG, [130, 110], 6)?.winnerSide).toBe(0);
    expect(matchResult(DEFAULT_CONFIG, [99, 0], 6)).toBeNull();
  });

  it('plays on when both pairs pass the target with the same score', () => {
    expect(matchResult(DEFAULT_CONFIG, [115, 115], 7)).toBeNull();
  });

  it('names a single seat as the winner in individual mode', () => {
    const config = { ...DEFAULT_CONFIG, mode: 'individual' as const, players: 3 as const };
    expect(matchResult(config, [20, 101, 40], 4)).toEqual({
      winnerSide: 1,
      winnerSeats: [1],
      scores: [20, 101, 40],
      hands: 4,
    });
  });
});
