import { describe, expect, it } from 'vitest';
import {
  deltaColor,
  formatRatingDelta,
  matchesToLadder,
  pageCount,
  ratingLabel,
  ratingTitle,
  tabFromSearch,
} from './ratings';

describe('rating display (decision 026)', () => {
  it('marks provisional ratings with "?"', () => {
    expect(ratingLabel({ rating: 1532, rd: 120, games: 3, provisional: true })).toBe('1532?');
    expect(ratingLabel({ rating: 1610, rd: 70, games: 12, provisional: false })).toBe('1610');
    expect(ratingTitle({ rating: 1532, rd: 120, games: 3, provisional: true })).toBe(
      'Rating 1532 (provisional, 3 de 10 partidas)',
    );
    expect(ratingTitle({ rating: 1610, rd: 70, games: 12, provisional: false })).toBe(
      'Rating 1610 (12 partidas clasificatorias)',
    );
  });

  it('writes changes with a sign: +12, −8, ±0, coloured', () => {
    expect(formatRatingDelta(12)).toBe('+12');
    expect(formatRatingDelta(-8)).toBe('\u22128');
    expect(formatRatingDelta(0)).toBe('±0');
    expect([deltaColor(3), deltaColor(-1), deltaColor(0)]).toEqual(['green', 'red', 'gray']);
  });

  it('reads the tab from the address, parejas by default', () => {
    expect(tabFromSearch('?tab=individual')).toBe('individual');
    expect(tabFromSearch('?tab=points')).toBe('points');
    expect(tabFromSearch('?tab=elo')).toBe('parejas');
    expect(tabFromSearch('')).toBe('parejas');
  });

  it('counts matches to the ladder and pages', () => {
    expect(matchesToLadder({ rating: 1500, rd: 350, games: 0, provisional: true })).toBe(10);
    expect(matchesToLadder({ rating: 1500, rd: 80, games: 14, provisional: false })).toBe(0);
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(101, 50)).toBe(3);
  });
});
