import { describe, expect, it } from 'vitest';
import type { LocalResult } from './protocol';
import { resultLine, tally } from './results';

const result = (over: Partial<LocalResult> = {}): LocalResult => ({
  id: 'local-1',
  difficulty: 'dificil',
  won: true,
  scores: [104, 62],
  hands: 7,
  startedAt: Date.UTC(2026, 10, 28, 23, 0),
  finishedAt: Date.UTC(2026, 10, 28, 23, 20),
  ...over,
});

describe('the list of offline matches', () => {
  it('says who won against which level, the points of both pairs and the hands', () => {
    const line = resultLine(result());
    expect(line.title).toBe('Victoria contra Difícil');
    expect(line.detail).toBe('104 – 62 · 7 manos');
    expect(line.when).toMatch(/nov/);
    expect(resultLine(result({ won: false, difficulty: 'facil', hands: 1 }))).toMatchObject({
      title: 'Derrota contra Fácil',
      detail: '104 – 62 · 1 mano',
    });
  });

  it('counts wins in singular and plural', () => {
    expect(tally([result()])).toBe('1 victoria en 1 partida');
    expect(tally([result(), result({ won: false }), result()])).toBe('2 victorias en 3 partidas');
    expect(tally([result({ won: false }), result({ won: false })])).toBe(
      '0 victorias en 2 partidas',
    );
  });
});
