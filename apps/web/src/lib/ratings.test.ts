import { describe, expect, it } from 'vitest';
import {
  LEVEL_MEANING,
  deltaColor,
  formatRatingDelta,
  matchesToLadder,
  pageCount,
  provisionalText,
  ratingLabel,
  ratingTitle,
  tabFromSearch,
} from './ratings';

describe('rating display (decision 026)', () => {
  it('says "Nivel" and explains the number and a provisional level in words (decision 050)', () => {
    const fresh = { rating: 1532, rd: 120, games: 3, provisional: true };
    const settled = { rating: 1610, rd: 70, games: 12, provisional: false };
    expect(ratingLabel(fresh)).toBe('Nivel 1532');
    expect(ratingLabel(settled)).toBe('Nivel 1610');
    expect(ratingTitle(fresh)).toBe(
      `Nivel 1532, provisional (3 de 10 partidas clasificatorias: al principio cambia mucho). ${LEVEL_MEANING}`,
    );
    expect(ratingTitle(settled)).toBe(
      `Nivel 1610 en 12 partidas clasificatorias. ${LEVEL_MEANING}`,
    );
    expect(LEVEL_MEANING).toContain('Todos empiezan en 1500');
    expect(provisionalText(fresh)).toBe(
      'Provisional: en tus primeras 10 partidas clasificatorias el nivel cambia mucho. Te faltan 7 partidas para entrar en la clasificación.',
    );
    expect(provisionalText({ ...fresh, games: 9 })).toContain('Te falta 1 partida para');
    expect(provisionalText(settled)).toBe('');
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
