import { describe, expect, it } from 'vitest';
import { ratingWindow } from '@domino/contracts';
import { elapsedText, givesUpText, quickTable, windowText } from './quickplay';

describe('quick play screen helpers', () => {
  it('describes the table the confirmation shows', () => {
    const t = quickTable('parejas', 500, { house_fee_bps: 800, pot_share_bps: 200 });
    expect(t).toMatchObject({ max_players: 4, mode: 'parejas', entry_price: 500 });
    expect(t.rules.players).toBe(4);
    expect(quickTable('individual', 100, { house_fee_bps: 0, pot_share_bps: 0 }).max_players).toBe(
      2,
    );
  });

  it('formats the time waited and the rating range', () => {
    expect(elapsedText(7_400)).toBe('0:07');
    expect(elapsedText(83_000)).toBe('1:23');
    expect(windowText(ratingWindow(12_000))).toContain('±150');
    expect(windowText(ratingWindow(61_000))).toContain('cualquier nivel');
  });

  it('counts down to the end of the search', () => {
    const at = '2026-11-29T00:03:00.000Z';
    expect(givesUpText(at, Date.parse('2026-11-29T00:00:25.000Z'))).toBe(
      'Si en 2:35 no se forma la mesa, dejamos de buscar y te avisamos. No se te cobra nada.',
    );
    expect(givesUpText(at, Date.parse('2026-11-29T00:04:00.000Z'))).toContain('0:00');
  });
});
